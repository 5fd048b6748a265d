/**
 * Stoplight Prism's validating proxy (`prism proxy --errors`) on the published OpenAPI document
 * (read from the packed tarball), between the SDK and the dev server on loopback: every request
 * and every answer of the SDK's whole lifecycle (all 13 operations), of its retries through
 * scheduled faults, and of the faults and refusals that answer with an error body passes, with
 * no violation logged (the faults that break the transport itself, an HTML 502, an empty or cut
 * body, a reset, are no answer any document declares, and stay out). And why a JSON tool
 * in the path needs the strings wire: Prism re-encodes bodies, so an amount past 2^53 sent as a
 * JSON number reaches the server rounded, while the SDK's `bigintAs: "string"` (strings in
 * requests, and `X-Bigint-As: string` for the answers) keeps every digit. System tier (a child process).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { createClient, type IntentClient, type QuoteIntentRequest } from "../../../src/index.js";
import { OWNER, WETH_ARB, WETH_BASE } from "../../kit/constants.js";
import { packedPath } from "../../kit/package/packed.js";
import { type Prism, startPrism } from "../../kit/package/prism.js";
import { startServer } from "../../kit/server.js";

/** 1.234567891234567891 WETH in wei: past 2^53, a double would round it. */
const AMOUNT = 1234567891234567891n;

const request: QuoteIntentRequest = {
  ownerAddress: OWNER,
  originChainId: 42161,
  originTokenAddress: WETH_ARB,
  destinationChainId: 8453,
  destinationTokenAddress: WETH_BASE,
  tradeType: "EXACT_INPUT",
  originTokenAmount: AMOUNT,
};

let srv: DevServer;
let prism: Prism;
beforeAll(async () => {
  srv = await startServer({ port: 0, bigintAs: "number", faults: true, rateLimit: false });
  prism = await startPrism(packedPath("generated/openapi.json"), srv.url);
}, 90_000);
afterAll(async () => {
  await prism?.close();
  await srv?.close();
});

const through = (options: { bigintAs?: "number" | "string"; stringAnswers?: boolean }) =>
  createClient({
    baseUrl: prism.url,
    accessKey: srv.accessKey,
    retry: false,
    validate: "strict",
    ...(options.bigintAs ? { bigintAs: options.bigintAs } : {}),
    ...(options.stringAnswers ? { headers: { "X-Bigint-As": "string" } } : {}),
  });

/** The Prism log's lines that report a violation of the document. */
const violations = () =>
  prism
    .log()
    .split("\n")
    .filter((l) => /violation/i.test(l));

/** Runs every operation through `c`; returns the intent id. */
async function wholeLifecycle(c: IntentClient): Promise<string> {
  await c.ping();
  await c.clock();
  await c.getExactOutputRoutes({ destinationChainId: 8453, destinationTokenAddress: WETH_BASE });
  await c.getExactInputRoutes({ originChainId: 42161, originTokenAddress: WETH_ARB });
  await c.getTokenPrices({ tokens: [{ chainId: 42161, tokenAddress: WETH_ARB }] });
  const { intent } = await c.quoteIntent(request);
  await c.commitIntent({ intent });
  const hash = `0x${"ab".repeat(32)}`;
  await c.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
  await c.getIntent({ intentId: intent.intentId });
  await c.getIntentReceipt({ intentId: intent.intentId });
  await c.waitIntentReceipt({ intentId: intent.intentId });
  await c.searchIntents({ byOwnerAddress: OWNER });
  await c.getIntentHistory({});
  return intent.intentId;
}

describe("the SDK through Prism's validating proxy", () => {
  it("runs all 13 operations on the strings wire with no violation, amounts exact at the server", async () => {
    const intentId = await wholeLifecycle(through({ bigintAs: "string" }));
    expect(violations()).toEqual([]);
    // What the server holds, read directly: the amount arrived with every digit.
    const direct = createClient({ baseUrl: srv.url, accessKey: srv.accessKey });
    const { intent } = await direct.getIntent({ intentId });
    expect(intent.quoteRequest.originTokenAmount).toBe(AMOUNT);
    expect(intent.quote.fromAmount).toBe(AMOUNT);
  }, 120_000);

  it("passes every error body of the faults and refusals, with the server's status", async () => {
    const post = (op: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${prism.url}/rpc/Service/${op}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-access-key": srv.accessKey,
          "x-bigint-as": "string",
          ...headers,
        },
        body: JSON.stringify(body),
      });
    const unknown = { intentId: `0x${"cd".repeat(32)}` };
    const quoted = await (
      await post("QuoteIntent", { ...request, originTokenAmount: AMOUNT.toString() })
    ).json();
    const cases: [op: string, body: unknown, headers: Record<string, string>, error: string][] = [
      ["GetIntent", unknown, { "x-dev-fault": "429" }, "RateLimited"],
      ["GetIntent", unknown, { "x-dev-fault": "429-date" }, "RateLimited"],
      ["GetIntent", unknown, { "x-dev-fault": "429-ms" }, "RateLimited"],
      ["CommitIntent", { intent: quoted.intent }, { "x-dev-fault": "500" }, "WebrpcInternalError"],
      [
        "ExecuteIntent",
        { ...unknown, depositTransactionHash: `0x${"ab".repeat(32)}` },
        { "x-dev-fault": "503" },
        "ChainNodeHealth",
      ],
      ["GetIntent", unknown, {}, "NotFound"],
      ["GetIntent", unknown, { "x-access-key": "dev_unknown" }, "AccessKeyNotFound"],
      [
        "QuoteIntent",
        { ...request, originTokenAmount: "1", destinationChainId: 999 },
        {},
        "UnsupportedNetwork",
      ],
      [
        "ExecuteIntent",
        { intentId: quoted.intent.intentId, depositTransactionHash: `0x${"ab".repeat(32)}` },
        {},
        "IntentStatus",
      ],
    ];
    for (const [op, body, headers, error] of cases) {
      const res = await post(op, body, headers);
      const got = (await res.json()) as { error?: string; status?: number };
      expect(got.error, `${op} ${JSON.stringify(headers)}: ${JSON.stringify(got)}`).toBe(error);
      expect(res.status).toBe(got.status);
    }
    expect(violations()).toEqual([]);
  }, 120_000);

  it("retries through scheduled faults with no violation: 429 and 503, then the answer", async () => {
    const c = createClient({
      baseUrl: prism.url,
      accessKey: srv.accessKey,
      validate: "strict",
      bigintAs: "string",
      // No real wait between retries: the faults say when, the test need not.
      sleep: async () => {},
    });
    const { intent } = await c.quoteIntent(request);
    srv.injectFaults([
      { operation: "GetIntent", fault: "429" },
      { operation: "GetIntent", fault: "503" },
      { operation: "GetIntent", fault: "500" },
    ]);
    const faults = srv.stats().faults;
    const got = await c.getIntent({ intentId: intent.intentId });
    expect(got.intent.quoteRequest.originTokenAmount).toBe(AMOUNT);
    // Each fault was served, through Prism, and retried past.
    expect(srv.stats().faults - faults).toBe(3);
    expect(violations()).toEqual([]);
  }, 60_000);

  it("rounds an amount sent as a JSON number past 2^53 (why a JSON tool needs the strings wire)", async () => {
    const { intent } = await through({ stringAnswers: true }).quoteIntent(request);
    expect(intent.quoteRequest.originTokenAmount).not.toBe(AMOUNT);
    // The nearest double, written back in its shortest form: what a re-encoding JSON tool
    // makes of the digits, and the server quoted it as if it had been asked.
    expect(intent.quoteRequest.originTokenAmount).toBe(BigInt(String(Number(AMOUNT))));
  }, 60_000);
});
