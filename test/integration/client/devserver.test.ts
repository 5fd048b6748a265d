import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_OWNER, type DevServer } from "../../../src/devserver/index.js";
import {
  createClient,
  type IntentClient,
  isServiceError,
  type QuoteIntentRequest,
} from "../../../src/index.js";
import { failure } from "../../kit/client/failure.js";
import { USDC_ARB, USDC_BASE } from "../../kit/constants.js";
import { startServer } from "../../kit/server.js";

const request: QuoteIntentRequest = {
  ownerAddress: DEMO_OWNER,
  originChainId: 42161,
  originTokenAddress: USDC_ARB,
  destinationChainId: 8453,
  destinationTokenAddress: USDC_BASE,
  tradeType: "EXACT_OUTPUT",
  destinationTokenAmount: 25_000_000n,
};
const depositTransactionHash = `0x${"ab".repeat(32)}`;

let srv: DevServer;
let client: IntentClient;
beforeAll(async () => {
  srv = await startServer({
    port: 0,
    faults: true,
    rateLimit: false,
    longPollMs: 300,
    durations: { stageMs: 15 },
  });
  client = createClient({ baseUrl: srv.url, accessKey: srv.accessKey, retry: { baseDelayMs: 10 } });
});
afterAll(() => srv.close());

describe("against the dev server over loopback", () => {
  it("every operation, and the lifecycle quote → commit → execute → wait → get → search", async () => {
    const routes = await client.getExactOutputRoutes({
      destinationChainId: 8453,
      destinationTokenAddress: USDC_BASE,
    });
    expect(routes.tokens.length).toBeGreaterThan(0);
    const inputs = await client.getExactInputRoutes({
      originChainId: 42161,
      originTokenAddress: USDC_ARB,
    });
    expect(inputs.tokens.length).toBeGreaterThan(0);
    const prices = await client.getTokenPrices({
      tokens: [{ chainId: 8453, tokenAddress: USDC_BASE }],
    });
    expect(prices.tokenPrices).toHaveLength(1);
    expect(typeof (await client.ping()).version).toBe("string");
    expect(Number.isNaN(Date.parse((await client.clock()).serverTime))).toBe(false);

    const { intent } = await client.quoteIntent(request);
    expect(typeof intent.quote.fromAmount).toBe("bigint");
    const { intentId } = await client.commitIntent({ intent });
    const exec = await client.executeIntent({ intentId, depositTransactionHash });
    expect(exec.intentId).toBe(intentId);
    const statuses: string[] = [];
    const final = await client.waitForIntent(intentId, {
      timeoutMs: 20_000,
      onUpdate: (u) => statuses.push(u.status),
    });
    expect(final.status).toBe("SUCCEEDED");
    expect(statuses.at(-1)).toBe("SUCCEEDED");
    const receipt = await client.getIntentReceipt({ intentId });
    expect(receipt.intentReceipt.status).toBe("SUCCEEDED");
    const wait = await client.waitIntentReceipt({ intentId, lastReceiptStates: [] });
    expect(wait.done).toBe(true);
    expect((await client.getIntent({ intentId })).intent.status).toBe("SUCCEEDED");
    const found = await client.searchIntents({ byOwnerAddress: DEMO_OWNER });
    expect(found.intents.some((i) => i.intentId === intentId)).toBe(true);
    const history = await client.getIntentHistory({ byOwnerAddress: DEMO_OWNER });
    expect(history.intents.some((h) => h.intentId === intentId)).toBe(true);
  });

  it("works through the socket-less fetch too", async () => {
    const direct = createClient({
      baseUrl: srv.url,
      accessKey: srv.accessKey,
      fetch: (r) => srv.fetch(r),
    });
    const done = await direct.quoteAndCommit(request);
    expect(done.intentId).toBeTruthy();
  });

  it("turns spoiled answers into WebrpcBadResponseError", async () => {
    const once = createClient({ baseUrl: srv.url, accessKey: srv.accessKey, retry: false });
    for (const [fault, status] of [
      ["html-502", 502],
      ["empty", 200],
      ["truncated", 200],
    ] as const) {
      const e = await failure(once.ping({}, { headers: { "X-Dev-Fault": fault } }));
      expect(isServiceError(e, "WebrpcBadResponse")).toBe(true);
      expect(e.status).toBe(status);
    }
  });

  it("retries scheduled 429s (retry-after-ms, no header) and 503 on reads", async () => {
    const before = srv.stats().requests.GetIntent ?? 0;
    const { intent } = await client.quoteIntent(request);
    srv.injectFaults([
      { operation: "GetIntent", fault: "429-ms" },
      { operation: "GetIntent", fault: "429-none" },
      { operation: "GetIntent", fault: "503" },
    ]);
    await client.getIntent({ intentId: intent.intentId });
    expect((srv.stats().requests.GetIntent ?? 0) - before).toBe(4);
  });

  it("returns a long Retry-After at once", async () => {
    srv.injectFaults([{ operation: "Ping", fault: "429:120" }]);
    const t0 = performance.now();
    const e = await failure(client.ping());
    expect(isServiceError(e, "RateLimited")).toBe(true);
    expect(performance.now() - t0).toBeLessThan(1_000);
  });

  it("reconciles commit and execute after reset-after: each takes effect once", async () => {
    const { intent } = await client.quoteIntent(request);
    const { commits, executions } = srv.stats();
    srv.injectFaults([{ operation: "CommitIntent", fault: "reset-after" }]);
    const { intentId } = await client.commitIntent({ intent });
    expect(intentId).toBe(intent.intentId);
    srv.injectFaults([{ operation: "ExecuteIntent", fault: "reset-after" }]);
    const exec = await client.executeIntent({ intentId, depositTransactionHash });
    expect(["EXECUTING", "SUCCEEDED"]).toContain(exec.intentStatus);
    expect(srv.stats().commits - commits).toBe(1);
    expect(srv.stats().executions - executions).toBe(1);
  });

  it("does not retry 503 or a reset for a commit beyond one reconciled re-send", async () => {
    const { intent } = await client.quoteIntent(request);
    const before = srv.stats().requests.CommitIntent ?? 0;
    srv.injectFaults([{ operation: "CommitIntent", fault: "503" }]);
    const e = await failure(client.commitIntent({ intent }));
    expect(e.status).toBe(503);
    expect((srv.stats().requests.CommitIntent ?? 0) - before).toBe(1);
    srv.injectFaults([{ operation: "CommitIntent", fault: "reset-before", times: 2 }]);
    expect(
      isServiceError(await failure(client.commitIntent({ intent })), "WebrpcRequestFailed"),
    ).toBe(true);
    expect((srv.stats().requests.CommitIntent ?? 0) - before).toBe(3);
  });
});
