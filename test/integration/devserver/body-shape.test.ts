/**
 * The cheap bounds of a request body, read from its text before it is parsed or checked: nesting,
 * members per array or object, values in all. Unit tests of the scan, then the body that used to
 * freeze the server (`GetTokenPrices` with 500,000 wrong items, 1 MB) over loopback, with Ping
 * asked at the same time.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import {
  MAX_ITEMS,
  MAX_NESTING,
  MAX_VALUES,
  scanBodyShape,
} from "../../../src/devserver/wire/body-shape.js";
import { call, start } from "../../kit/devserver/helpers.js";

const zeros = (n: number) => Array(n).fill(0).join(",");

describe("scanBodyShape", () => {
  it("counts the values of a body within its bounds", () => {
    expect(scanBodyShape('{"a":[1,-2.5e3,true,null,"x"],"b":{}}')).toEqual({
      problem: undefined,
      values: 8,
    });
  });

  it("refuses nesting past the bound, and not at it", () => {
    const nest = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
    expect(scanBodyShape(nest(MAX_NESTING)).problem).toBeUndefined();
    expect(scanBodyShape(nest(MAX_NESTING + 1)).problem).toEqual({ kind: "depth" });
  });

  it("refuses the first container past MAX_ITEMS members, naming it by pointer", () => {
    expect(scanBodyShape(`{"tokens":[${zeros(MAX_ITEMS)}]}`).problem).toBeUndefined();
    expect(scanBodyShape(`{"tokens":[${zeros(MAX_ITEMS + 1)}]}`).problem).toEqual({
      kind: "items",
      pointer: "/tokens",
      container: "array",
    });
    const members = Array.from({ length: MAX_ITEMS + 1 }, (_, i) => `"k${i}":0`).join(",");
    expect(scanBodyShape(`{"a":[1,{"b/c":{"x~":[0,{${members}}]}}]}`).problem).toEqual({
      kind: "items",
      pointer: "/a/1/b~1c/x~0/1",
      container: "object",
    });
  });

  it("skips strings: brackets, commas and escaped quotes inside them count for nothing", () => {
    const text = `{"s":"${'[,{\\"'.repeat(5000)}"}`;
    expect(scanBodyShape(text)).toEqual({ problem: undefined, values: 2 });
  });

  it("refuses a body of more than MAX_VALUES values in containers each within bounds", () => {
    const rows = Math.ceil(MAX_VALUES / 500) + 1;
    const text = `{"x":[${Array(rows)
      .fill(`[${zeros(500)}]`)
      .join(",")}]}`;
    expect(scanBodyShape(text).problem).toEqual({ kind: "values" });
  });

  it("stops at the bound: a million items are refused in one pass over the first thousand", () => {
    const text = `{"tokens":[${zeros(1_000_000)}]}`;
    expect(scanBodyShape(text).problem?.kind).toBe("items");
  });
});

describe("over loopback", () => {
  let srv: DevServer | undefined;
  afterEach(async () => {
    await srv?.close();
    srv = undefined;
  });

  it("answers the 500,000-item GetTokenPrices body 4xx at once, and a Ping sent meanwhile", async () => {
    ({ srv } = await start());
    const body = `{"tokens":[${zeros(500_000)}]}`;
    expect(body.length).toBeLessThan(1024 * 1024);
    const order: string[] = [];
    const hostile = Array.from({ length: 4 }, () =>
      call(srv as DevServer, "GetTokenPrices", body).then((a) => {
        order.push("hostile");
        return a;
      }),
    );
    const ping = call(srv, "Ping", {}).then((a) => {
      order.push("ping");
      return a;
    });
    const answers = await Promise.all([...hostile, ping]);
    for (const a of answers.slice(0, 4)) {
      expect(a.status).toBe(400);
      expect(a.body.error).toBe("InvalidArgument");
      expect(a.body.cause).toBe(`/tokens: has more than ${MAX_ITEMS} items; at most ${MAX_ITEMS}`);
    }
    expect(answers[4]?.status).toBe(200);
    expect(order).toHaveLength(5);
    // The server is free afterwards: a valid request is answered as usual.
    const prices = await call(srv, "GetTokenPrices", {
      tokens: [{ chainId: 1, tokenAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" }],
    });
    expect(prices.status).toBe(200);
  });

  it("lists every problem of a small body, and the first one of a body past the reporting bound", async () => {
    ({ srv } = await start());
    const few = await call(srv, "GetTokenPrices", `{"tokens":[0,0,0]}`);
    expect(few.body.issues.map((i: { path: string }) => i.path)).toEqual([
      "/tokens/0",
      "/tokens/1",
      "/tokens/2",
    ]);
    // 500 tokens (the most a request may price) of 10 values each: past the reporting bound.
    const memos = Array.from({ length: 7 }, (_, i) => `"memo${i}":"m"`).join(",");
    const wrong = `{"chainId":"a","tokenAddress":"0x1","tokenSymbol":5,${memos}}`;
    const many = await call(srv, "GetTokenPrices", `{"tokens":[${Array(500).fill(wrong)}]}`);
    expect(many.status).toBe(400);
    expect(many.body.issues).toEqual([{ path: "/tokens/0/chainId", message: "must be integer" }]);
  });
});
