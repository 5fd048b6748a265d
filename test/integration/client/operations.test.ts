import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEMA_VERSION } from "../../../generated/operations.js";
import { createClient, type IntentClient } from "../../../src/index.js";
import { type FakeService, startFakeService } from "../../kit/client/fake-service.js";
import { HUGE, OWNER, quoteRequest, USDC_BASE } from "../../kit/client/samples.js";

let svc: FakeService;
let client: IntentClient;

beforeAll(async () => {
  svc = await startFakeService();
  client = createClient({ baseUrl: svc.url, accessKey: svc.accessKey, retry: false });
});
afterAll(() => svc.close());

describe("every operation over loopback HTTP", () => {
  it("routes, prices, ping, clock", async () => {
    const out = await client.getExactOutputRoutes({
      destinationChainId: 8453,
      destinationTokenAddress: USDC_BASE,
    });
    expect(out.tokens[0]?.symbol).toBe("USDC");
    const inp = await client.getExactInputRoutes({
      originChainId: 42161,
      originTokenAddress: USDC_BASE,
    });
    expect(inp.tokens).toHaveLength(1);
    const prices = await client.getTokenPrices({
      tokens: [{ chainId: 1, tokenAddress: USDC_BASE }],
    });
    expect(prices.tokenPrices[0]?.priceUsd).toBe(1);
    expect(await client.ping()).toEqual({ version: "fake-1" });
    const { serverTime } = await client.clock();
    expect(Number.isNaN(Date.parse(serverTime))).toBe(false);
  });

  it("sends the access key, the Webrpc version header and JSON", async () => {
    await client.ping();
    const h = svc.lastHeaders.Ping ?? {};
    expect(h["x-access-key"]).toBe(svc.accessKey);
    expect(h.webrpc).toBe(`webrpc@v1;xchain-intents@0.1.0;xchain-intents@${SCHEMA_VERSION}`);
    expect(h["content-type"]).toBe("application/json");
  });

  it("full lifecycle: quote → commit → execute → wait → get → search → history", async () => {
    const { intent } = await client.quoteIntent(quoteRequest);
    expect(intent.salt).toBe(HUGE);
    expect(typeof intent.quote.fromAmount).toBe("bigint");
    const { intentId } = await client.commitIntent({ intent });
    expect(intentId).toBe(intent.intentId);
    const exec = await client.executeIntent({
      intentId,
      depositTransactionHash: `0x${"ab".repeat(32)}`,
    });
    expect(exec.intentStatus).toBe("EXECUTING");
    const seen: string[] = [];
    const final = await client.waitForIntent(intentId, {
      onUpdate: (u) => seen.push(`${u.status}:${u.receiptStates.join(",")}`),
    });
    expect(final.status).toBe("SUCCEEDED");
    expect(final.receipt.summary.originTokenAmount).toBe(intent.depositTransaction.amount);
    expect(seen.at(-1)).toBe("SUCCEEDED:SUCCEEDED,SUCCEEDED,SUCCEEDED");
    expect(new Set(seen).size).toBe(seen.length);
    const got = await client.getIntent({ intentId });
    expect(got.intent.status).toBe("SUCCEEDED");
    expect(got.intent.salt).toBe(HUGE);
    const receipt = await client.getIntentReceipt({ intentId });
    expect(receipt.intentReceipt.status).toBe("SUCCEEDED");
    const wait = await client.waitIntentReceipt({ intentId, lastReceiptStates: [] });
    expect(wait.done).toBe(true);
    const found = await client.searchIntents({ byOwnerAddress: OWNER });
    expect(found.intents.map((i) => i.intentId)).toContain(intentId);
    const history = await client.getIntentHistory({ byOwnerAddress: OWNER });
    expect(history.intents.some((h) => h.intentId === intentId)).toBe(true);
    expect(svc.processed.CommitIntent).toBe(1);
  });

  it("quoteAndCommit returns the intent id and the execution deadline", async () => {
    const done = await client.quoteAndCommit(quoteRequest);
    expect(done.intentId).toBe(done.intent.intentId);
    expect(done.executeDeadline.getTime() - done.committedAt.getTime()).toBe(10 * 60_000);
  });

  it("measures clock skew from the Date header", async () => {
    svc.advance(60_000);
    await client.ping();
    expect(client.clockSkewMs).toBeGreaterThan(58_000);
    expect(client.clockSkewMs).toBeLessThan(62_000);
    svc.advance(-60_000);
    await client.ping();
    expect(Math.abs(client.clockSkewMs)).toBeLessThan(2_000);
  });

  it("writes bigints as JSON numbers or strings; reads both", async () => {
    const numeric = await startFakeService({ bigintAs: "number" });
    try {
      const c = createClient({
        baseUrl: numeric.url,
        accessKey: numeric.accessKey,
        bigintAs: "string",
      });
      const { intent } = await c.quoteIntent(quoteRequest);
      expect(intent.salt).toBe(HUGE);
      await c.commitIntent({ intent });
      expect(numeric.processed.CommitIntent).toBe(1);
    } finally {
      await numeric.close();
    }
  });
});
