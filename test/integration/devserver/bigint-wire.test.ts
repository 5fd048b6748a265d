/**
 * The wire of amounts asked per request: `X-Bigint-As: string` gets decimal strings from a server
 * whose default is JSON numbers, `number` the reverse; every operation honours it, list answers
 * included; any other value is refused. Loopback HTTP, as a client sends it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { createClient } from "../../../src/index.js";
import {
  call,
  OWNER,
  start,
  usdcRequest,
  WETH_ARB,
  WETH_BASE,
} from "../../kit/devserver/helpers.js";

let numbers: DevServer;
let strings: DevServer;
beforeAll(async () => {
  ({ srv: numbers } = await start());
  ({ srv: strings } = await start({ bigintAs: "string" }));
});
afterAll(async () => {
  await numbers.close();
  await strings.close();
});

/** 1.234567891234567891 WETH in wei: past 2^53, so a double would round it. */
const WEI = 1_234_567_891_234_567_891n;
const wethRequest = () =>
  usdcRequest({
    originTokenAddress: WETH_ARB,
    destinationTokenAddress: WETH_BASE,
    originTokenAmount: WEI,
  });

describe("X-Bigint-As", () => {
  it("string: decimal strings from a numbers server, every digit kept", async () => {
    const plain = await call(numbers, "QuoteIntent", wethRequest());
    expect(plain.text).toMatch(new RegExp(`"originTokenAmount":${WEI}[,}]`));
    const asked = await call(numbers, "QuoteIntent", wethRequest(), {
      headers: { "X-Bigint-As": "string" },
    });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain(`"originTokenAmount":"${WEI}"`);
    expect(asked.text).toMatch(/"salt":"[0-9]+"/);
    // What JSON.parse reads from it keeps every digit.
    const parsed = JSON.parse(asked.text) as {
      intent: { quoteRequest: { originTokenAmount: string } };
    };
    expect(BigInt(parsed.intent.quoteRequest.originTokenAmount)).toBe(WEI);
  });

  it("number: JSON numbers from a strings server", async () => {
    const asked = await call(strings, "QuoteIntent", wethRequest(), {
      headers: { "x-bigint-as": "number" },
    });
    expect(asked.text).toMatch(new RegExp(`"originTokenAmount":${WEI}[,}]`));
    const plain = await call(strings, "QuoteIntent", wethRequest());
    expect(plain.text).toContain(`"originTokenAmount":"${WEI}"`);
  });

  it("holds for list answers and the intent committed back from them", async () => {
    const q = await call(numbers, "QuoteIntent", wethRequest(), {
      headers: { "X-Bigint-As": "string" },
    });
    const search = await call(
      numbers,
      "SearchIntents",
      { byOwnerAddress: OWNER },
      { headers: { "X-Bigint-As": "string" } },
    );
    expect(search.text).toContain(`"originTokenAmount":"${WEI}"`);
    expect(search.headers.get("x-total-count")).not.toBeNull();
    // A client on JSON.parse commits the intent as it read it: strings, exact.
    const intent = (JSON.parse(q.text) as { intent: unknown }).intent;
    const commit = await call(numbers, "CommitIntent", JSON.stringify({ intent }));
    expect(commit.status, commit.text).toBe(200);
  });

  it("refuses any other value with WebrpcBadRequest, naming the header", async () => {
    for (const value of ["strings", "", "1", "bigint"]) {
      const a = await call(numbers, "Ping", {}, { headers: { "X-Bigint-As": value } });
      expect(a.status, value).toBe(400);
      expect(a.body.error).toBe("WebrpcBadRequest");
      expect(a.body.cause).toMatch(/^X-Bigint-As must be "string" or "number"/);
    }
  });

  it("a browser may send it (CORS preflight)", async () => {
    const res = await fetch(`${numbers.url}/rpc/Service/Ping`, {
      method: "OPTIONS",
      headers: {
        origin: "http://app.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "x-bigint-as",
      },
    });
    expect(res.headers.get("access-control-allow-headers")).toContain("X-Bigint-As");
  });

  it("the SDK's bigintAs: string asks for it: strings both ways, every digit kept", async () => {
    const sent: string[] = [];
    const answered: string[] = [];
    const client = createClient({
      baseUrl: numbers.url,
      accessKey: numbers.accessKey,
      retry: false,
      bigintAs: "string",
      middleware: [
        {
          async onRequest({ request }) {
            sent.push(`${request.headers.get("x-bigint-as")} ${await request.clone().text()}`);
          },
          async onResponse({ response }) {
            answered.push(await response.clone().text());
          },
        },
      ],
    });
    const { intent } = await client.quoteIntent(wethRequest());
    expect(intent.quoteRequest.originTokenAmount).toBe(WEI);
    expect(sent[0]).toMatch(new RegExp(`^string .*"originTokenAmount":"${WEI}"`));
    expect(answered[0]).toContain(`"originTokenAmount":"${WEI}"`);
    expect(answered[0]).toMatch(/"salt":"[0-9]+"/);
  });
});
