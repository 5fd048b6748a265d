import { describe, expect, it } from "vitest";
import {
  compilePaths,
  encodeWithPaths,
  parseJson,
  stringifyJson,
} from "../../../src/codec/index.js";

const tree = compilePaths(["amount", "list[]"]);

describe("stringifyJson", () => {
  it("writes bigints as JSON numbers with every digit", () => {
    const big = 10n ** 21n;
    expect(encodeWithPaths({ amount: big }, tree)).toBe('{"amount":1000000000000000000000}');
    expect(encodeWithPaths({ amount: -(2n ** 256n - 1n) }, tree)).toBe(
      `{"amount":-${2n ** 256n - 1n}}`,
    );
  });

  it("writes bigints as decimal strings on request, safe integers on bigint paths too", () => {
    const value = { amount: 15n, list: [1, 2n], count: 3 };
    expect(encodeWithPaths(value, tree, { bigintAs: "string" })).toBe(
      '{"amount":"15","list":["1","2"],"count":3}',
    );
  });

  it("writes bigints off the bigint paths as JSON numbers, in both modes", () => {
    expect(stringifyJson({ x: { y: [1n] } }, "NoSuchType")).toBe('{"x":{"y":[1]}}');
    expect(stringifyJson(5n, "NoSuchType", { bigintAs: "string" })).toBe("5");
    const big = { id: 9223372036854775807n, salt: 1n };
    expect(stringifyJson(big, "T", { bigintAs: "string", table: { T: ["salt"] } })).toBe(
      '{"id":9223372036854775807,"salt":"1"}',
    );
  });

  it("writes everything else as JSON.stringify does", () => {
    const value = {
      s: 'quote " backslash \\ control \u0001 line \u2028',
      n: 1.9460995967739363,
      neg0: -0,
      inf: Number.POSITIVE_INFINITY,
      nan: Number.NaN,
      u: undefined,
      f: () => 1,
      sym: Symbol("s"),
      list: [undefined, () => 1, null, true, false],
      date: new Date(0),
      boxed: [new Number(1), new String("s"), new Boolean(false)],
      nested: { toJSON: (key: string) => `key:${key}` },
      empty: {},
      emptyList: [],
      "\u00e9 key": 1,
    };
    expect(stringifyJson(value, "NoSuchType")).toBe(JSON.stringify(value));
  });

  it("writes numbers from 2^53 on in exponent form, so that they read back as numbers", () => {
    const value = {
      // biome-ignore lint/correctness/noPrecisionLoss: a double past 2^53, as a USD value could be
      usd: 123456789012345678901,
      p: 2 ** 53,
      m: -(2 ** 60),
      big: 1e300,
      s: 2 ** 53 - 1,
    };
    const text = stringifyJson(value, "NoSuchType");
    expect(text).toBe(
      '{"usd":1.2345678901234568e+20,"p":9.007199254740992e+15,"m":-1.152921504606847e+18,"big":1e+300,"s":9007199254740991}',
    );
    expect(parseJson(text, "NoSuchType")).toEqual(value);
  });

  it("refuses cycles", () => {
    const a: Record<string, unknown> = {};
    a.self = a;
    expect(() => stringifyJson(a, "NoSuchType")).toThrow(TypeError);
  });

  it("keeps an own __proto__ key", () => {
    const obj = JSON.parse('{"__proto__":{"x":1},"a":2n}'.replace("2n", "2"));
    expect(stringifyJson(obj, "NoSuchType")).toBe('{"__proto__":{"x":1},"a":2}');
  });
});
