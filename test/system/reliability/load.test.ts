/**
 * Load without loss: N intents driven concurrently through quote → commit → execute → wait by one
 * client against one dev server, with the rate limiter on and random 429s and 503s scheduled
 * while it runs. Every intent must reach SUCCEEDED exactly once, no commit or execution may be
 * processed twice, SearchIntents by owner must return exactly the intents created, and no request
 * may be retried more than `maxRetries` times. Wall time and retries are reported, not asserted.
 *
 * CI runs N = 150; `npm run test:long` runs N = 1,000 (`LOAD_INTENTS`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import type { RetryInfo } from "../../../src/types.js";
import { mapLimit } from "../../kit/reliability/pool.js";
import {
  depositHash,
  quoteRequestFor,
  randomOwner,
  recordingClient,
  startService,
} from "../../kit/reliability/service.js";
import { type Rng, rng } from "../../kit/rng.js";

const N = Number(process.env.LOAD_INTENTS ?? 150);
const CONCURRENCY = 50;
// The load asks for more than the rate limiter grants (50 pipelines against 150 requests/s): about
// a quarter of all requests are refused, a retry about as often as a first try, so the retries one
// request needs have a geometric tail. Measured: at most 5–6 on one request at N = 150 and at
// N = 1,000. A budget of 10 makes running out (about 0.25^11 per request) negligible; running out
// fails the test, and so does any request retried more than the budget.
const MAX_RETRIES = 10;
const SEED = 4_242;

let srv: DevServer;

beforeAll(async () => {
  srv = await startService({
    rateLimit: { capacity: 50, refillPerSecond: 150 },
    faults: [],
    durations: { stageMs: 20 },
    longPollMs: 1_000,
    // One SearchIntents answer lists every intent of the run (the defaults: 500, 4 MiB).
    maxSearchResults: Math.max(500, N),
    maxResponseBytes: Math.max(4, Math.ceil(N / 100)) * 1024 * 1024,
  });
});
afterAll(() => srv?.close());

const SAFE = ["QuoteIntent", "WaitIntentReceipt"];
const ANY = [...SAFE, "CommitIntent", "ExecuteIntent"];

/**
 * Schedules one random 429 or 503 for about every 10 requests the server receives, one
 * outstanding, `budget` in all: faults spread over the run instead of piling on one request.
 */
function injectWhileRunning(r: Rng, budget: number): { stop: () => number } {
  let injected = 0;
  let lastAt = 0;
  const timer = setInterval(() => {
    const stats = srv.stats();
    const seen = Object.values(stats.requests).reduce((a, b) => a + b, 0);
    if (injected >= budget || injected - stats.faults >= 1 || seen - lastAt < 10) return;
    lastAt = seen;
    const rule =
      r.int(10) < 4
        ? { operation: r.pick(SAFE), fault: "503" }
        : { operation: r.pick(ANY), fault: r.pick(["429:0", "429-none", "429-ms", "429"]) };
    srv.injectFaults([rule]);
    injected += 1;
  }, 5);
  return {
    stop: () => {
      clearInterval(timer);
      return injected;
    },
  };
}

describe(`load: ${N} intents, ${CONCURRENCY} at a time`, () => {
  it(
    "every intent succeeds exactly once, nothing processed twice, retries within budget",
    async () => {
      const owner = randomOwner();
      const { client, retries } = recordingClient(srv.url, {
        maxRetries: MAX_RETRIES,
        timeoutMs: 15_000,
      });
      const injector = injectWhileRunning(rng(SEED), Math.ceil(N / 2));
      const finals: string[] = [];
      const started = performance.now();
      const ids = await mapLimit(
        Array.from({ length: N }, (_, i) => i),
        CONCURRENCY,
        async (i) => {
          const tag = (step: string) => ({ headers: { "x-load-request": `${i}/${step}` } });
          const amount = 1_000_000n + BigInt(i);
          const { intent } = await client.quoteIntent(quoteRequestFor(owner, amount), tag("quote"));
          expect(intent.quoteRequest.originTokenAmount).toBe(amount);
          await client.commitIntent({ intent }, tag("commit"));
          await client.executeIntent(
            { intentId: intent.intentId, depositTransactionHash: depositHash(i) },
            tag("execute"),
          );
          const final = await client.waitForIntent(intent.intentId, { timeoutMs: 120_000 });
          finals.push(final.status);
          return intent.intentId;
        },
      );
      const wallMs = performance.now() - started;
      const injected = injector.stop();
      const stats = srv.stats();

      // Every intent reached SUCCEEDED, once each.
      expect(new Set(ids).size).toBe(N);
      expect(finals.filter((s) => s === "SUCCEEDED")).toHaveLength(N);
      // Each commit and execution took effect once and was processed once.
      expect(stats.commits).toBe(N);
      expect(stats.executions).toBe(N);
      expect(stats.succeeded.CommitIntent).toBe(N);
      expect(stats.succeeded.ExecuteIntent).toBe(N);
      expect(stats.panics).toBe(0);
      // The owner's intents are exactly those created.
      const { intents } = await client.searchIntents({ byOwnerAddress: owner });
      expect(new Set(intents.map((x) => x.intentId))).toEqual(new Set(ids));
      expect(intents.every((x) => x.status === "SUCCEEDED")).toBe(true);
      // The retry budget held for every request.
      expect(Math.max(0, ...retries.map((r) => r.attempt))).toBeLessThanOrEqual(MAX_RETRIES);
      const perTagged = new Map<string, number>();
      for (const r of retries) {
        const tag = r.headers["x-load-request"];
        if (tag) perTagged.set(tag, Math.max(perTagged.get(tag) ?? 0, r.attempt));
      }
      expect(Math.max(0, ...perTagged.values())).toBeLessThanOrEqual(MAX_RETRIES);

      const count = (key: (r: RetryInfo) => string) =>
        retries.reduce<Record<string, number>>((acc, r) => {
          acc[key(r)] = (acc[key(r)] ?? 0) + 1;
          return acc;
        }, {});
      const requests = Object.values(stats.requests).reduce((a, b) => a + b, 0);
      console.info(
        `load: ${N} intents in ${(wallMs / 1000).toFixed(1)} s; ${requests} requests; ` +
          `${retries.length} retries (most on one request: ${Math.max(0, ...retries.map((r) => r.attempt))}); ` +
          `${stats.rateLimited} refused by the rate limiter; ${injected} faults scheduled, ${stats.faults} served`,
        {
          retriesByOperation: count((r) => r.operation),
          retriesByError: count((r) => `${r.error.error} ${r.error.status}`),
          faultsByKind: stats.faultsByKind,
        },
      );
    },
    Math.max(30_000, N * 200),
  );
});
