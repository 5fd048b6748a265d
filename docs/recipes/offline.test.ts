/**
 * Recipe: test your app offline with vitest. The dev server runs the whole interface in the test
 * process: no network, no account, deterministic answers.
 *
 * - `startDevServer()` for a server (`durations: { stageMs }` makes intents settle fast);
 * - `fetch: srv.fetch` hands requests to it with no socket at all;
 * - `manualClock()` moves time by hand: quotes expire without waiting 5 minutes;
 * - scheduled faults (`faults: [{ operation, fault, times }]`) show your retry handling at work.
 *
 * Run by `npm test` like every test of the SDK, so it cannot drift from it.
 */

import { describe, expect, it } from "vitest";
import { createClient, type IntentClient, type QuoteIntentRequest } from "xchain-intents";
import { manualClock, startDevServer } from "xchain-intents/devserver";

/** The app code under test (in your app: imported from your sources). */
async function payAndWait(client: IntentClient, request: QuoteIntentRequest): Promise<string> {
  const { intentId } = await client.quoteAndCommit(request, { maxRequotes: 1 });
  // Your wallet sends the deposit here; the dev server accepts any hash (`…dead` fails).
  await client.executeIntent({ intentId, depositTransactionHash: `0x${"ab".repeat(32)}` });
  const final = await client.waitForIntent(intentId, { timeoutMs: 10_000 });
  return final.status;
}

const request: QuoteIntentRequest = {
  ownerAddress: `0x${"11".repeat(20)}`,
  tradeType: "EXACT_OUTPUT",
  originChainId: 42161,
  originTokenAddress: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", // USDC, Arbitrum
  destinationChainId: 8453,
  destinationTokenAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", // USDC, Base
  destinationTokenAmount: 25_000_000n, // 25 USDC
};

describe("my app, offline", () => {
  it("pays an intent to SUCCEEDED", async () => {
    const srv = await startDevServer({ durations: { stageMs: 5 } });
    try {
      const client = createClient({
        baseUrl: srv.url,
        accessKey: srv.accessKey,
        fetch: srv.fetch,
      });
      expect(await payAndWait(client, request)).toBe("SUCCEEDED");
    } finally {
      await srv.close();
    }
  });

  it("gets QuoteExpired for a quote committed after 5 minutes, without waiting", async () => {
    const clock = manualClock();
    const srv = await startDevServer({ clock: clock.now });
    try {
      const client = createClient({
        baseUrl: srv.url,
        accessKey: srv.accessKey,
        fetch: srv.fetch,
      });
      const { intent } = await client.quoteIntent(request);
      clock.advance(5 * 60_000 + 1);
      await expect(client.commitIntent({ intent })).rejects.toMatchObject({
        name: "QuoteExpiredError",
      });
    } finally {
      await srv.close();
    }
  });

  it("rides out rate limiting: the first two quotes fail, the client retries, the app succeeds", async () => {
    const srv = await startDevServer({
      durations: { stageMs: 5 },
      faults: [{ operation: "QuoteIntent", fault: "429-none", times: 2 }],
    });
    try {
      const retries: string[] = [];
      const client = createClient({
        baseUrl: srv.url,
        accessKey: srv.accessKey,
        fetch: srv.fetch,
        retry: { baseDelayMs: 5, onRetry: (r) => retries.push(r.error.name) },
      });
      expect(await payAndWait(client, request)).toBe("SUCCEEDED");
      expect(retries).toEqual(["RateLimitedError", "RateLimitedError"]);
      expect(srv.stats().faults).toBe(2);
    } finally {
      await srv.close();
    }
  });
});
