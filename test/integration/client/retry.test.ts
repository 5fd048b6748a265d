import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sleep } from "../../../src/client/wait.js";
import { type ClientOptions, createClient, isServiceError } from "../../../src/index.js";
import type { RetryInfo } from "../../../src/types.js";
import { failure } from "../../kit/client/failure.js";
import { type FakeService, startFakeService } from "../../kit/client/fake-service.js";
import { quoteRequest } from "../../kit/client/samples.js";

let svc: FakeService;

beforeAll(async () => {
  svc = await startFakeService();
});
afterAll(() => svc.close());

/**
 * A client whose waits (retry delays, the reconciling re-reads) are recorded in `slept` and end at
 * once: what is tested is how long it would wait, not the clock. `extra.sleep` restores a real one.
 */
function setup(
  retry: Exclude<ClientOptions["retry"], false> = {},
  extra: Partial<ClientOptions> = {},
) {
  const retries: RetryInfo[] = [];
  const slept: number[] = [];
  const client = createClient({
    sleep: async (ms) => {
      slept.push(ms);
    },
    baseUrl: svc.url,
    accessKey: svc.accessKey,
    retry: {
      baseDelayMs: 20,
      maxDelayMs: 3_000,
      random: () => 0.5,
      onRetry: (i) => retries.push(i),
      ...retry,
    },
    ...extra,
  });
  return { client, retries, slept };
}

function count(op: string) {
  const at = svc.received[op] ?? 0;
  return () => (svc.received[op] ?? 0) - at;
}

const rateLimited = (headers: Record<string, string> = {}) =>
  ({ kind: "error", code: 1007, headers }) as const;

describe("429 RateLimited", () => {
  it("Retry-After: 1 → waits a second, then succeeds", async () => {
    const { client, retries, slept } = setup();
    const sent = count("Ping");
    svc.fault("Ping", rateLimited({ "retry-after": "1" }));
    await client.ping();
    expect(slept).toEqual([1000]);
    expect(sent()).toBe(2);
    expect(retries.map((r) => [r.attempt, r.delayMs, r.operation, r.error.code])).toEqual([
      [1, 1000, "Ping", 1007],
    ]);
  });

  it("Retry-After as an HTTP date, read against the same response's Date", async () => {
    const { client, retries } = setup();
    const sent = count("Ping");
    // Both dates on the server's clock, a day away from the local one: the wait is their
    // difference, whatever the local time.
    const serverNow = Math.floor(Date.now() / 1000) * 1000 - 86_400_000;
    svc.fault(
      "Ping",
      rateLimited({
        date: new Date(serverNow).toUTCString(),
        "retry-after": new Date(serverNow + 1_000).toUTCString(),
      }),
    );
    await client.ping();
    expect(sent()).toBe(2);
    expect(retries.map((r) => r.delayMs)).toEqual([1_000]);
  });

  it("retry-after-ms wins over Retry-After", async () => {
    const { client, retries } = setup();
    svc.fault("Ping", rateLimited({ "retry-after-ms": "40", "retry-after": "2" }));
    await client.ping();
    expect(retries.map((r) => r.delayMs)).toEqual([40]);
  });

  it("no header → capped exponential backoff with jitter", async () => {
    const { client, retries } = setup();
    const sent = count("Ping");
    svc.fault("Ping", rateLimited(), rateLimited(), rateLimited());
    await client.ping();
    expect(sent()).toBe(4);
    expect(retries.map((r) => r.delayMs)).toEqual([10, 20, 40]);
  });

  it("gives up after maxRetries with the last error", async () => {
    const { client } = setup({ maxRetries: 2 });
    const sent = count("Ping");
    svc.fault("Ping", rateLimited(), rateLimited(), rateLimited(), rateLimited());
    const e = await failure(client.ping());
    expect(isServiceError(e, "RateLimited")).toBe(true);
    expect(sent()).toBe(3);
    await client.ping(); // the fourth queued 429 is retried away
  });

  it("Retry-After: 120 is past maxDelayMs: the error is returned at once, not slept on", async () => {
    const { client, retries } = setup();
    const sent = count("Ping");
    svc.fault("Ping", rateLimited({ "retry-after": "120" }));
    const t0 = performance.now();
    const e = await failure(client.ping());
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(isServiceError(e, "RateLimited")).toBe(true);
    expect(e).toMatchObject({ retryAfterMs: 120_000, isRetryable: true, status: 429 });
    expect(sent()).toBe(1);
    expect(retries).toEqual([]);
  });

  it("is retried for unsafe operations too (the server did not act)", async () => {
    const { client } = setup();
    const { intent } = await client.quoteIntent(quoteRequest);
    const sent = count("CommitIntent");
    svc.fault("CommitIntent", { kind: "error", code: 1201 });
    await client.commitIntent({ intent });
    expect(sent()).toBe(2);
    expect(svc.processed.CommitIntent).toBeGreaterThanOrEqual(1);
  });

  it("QuotaExceeded is never retried", async () => {
    const { client } = setup();
    const sent = count("Ping");
    svc.fault("Ping", { kind: "error", code: 1200 });
    const e = await failure(client.ping());
    expect(isServiceError(e, "QuotaExceeded")).toBe(true);
    expect(e.isRetryable).toBe(false);
    expect(sent()).toBe(1);
  });

  it("abort during the wait returns at once", async () => {
    const { client } = setup({ maxDelayMs: 10_000 }, { sleep });
    svc.fault("Ping", rateLimited({ "retry-after": "5" }));
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 100);
    const t0 = performance.now();
    const e = await failure(client.ping({}, { signal: ctl.signal }));
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(isServiceError(e, "WebrpcClientAborted")).toBe(true);
    expect(isServiceError(e.cause, "RateLimited")).toBe(true);
  });

  it("retry: false sends once", async () => {
    const client = createClient({ baseUrl: svc.url, accessKey: svc.accessKey, retry: false });
    const sent = count("Ping");
    svc.fault("Ping", rateLimited({ "retry-after": "0" }));
    expect(isServiceError(await client.ping().catch((x) => x), "RateLimited")).toBe(true);
    expect(sent()).toBe(1);
  });
});

describe("5xx and network failures", () => {
  it("503 on a safe operation is retried", async () => {
    const { client } = setup();
    const { intent } = await client.quoteIntent(quoteRequest);
    const sent = count("GetIntent");
    svc.fault(
      "GetIntent",
      { kind: "error", code: 9001 },
      { kind: "raw", status: 503, body: "busy" },
    );
    const got = await client.getIntent({ intentId: intent.intentId });
    expect(got.intent.intentId).toBe(intent.intentId);
    expect(sent()).toBe(3);
  });

  it("503 on an unsafe operation is returned, not retried", async () => {
    const { client } = setup();
    const { intent } = await client.quoteIntent(quoteRequest);
    const sent = count("ExecuteIntent");
    await client.commitIntent({ intent });
    svc.fault("ExecuteIntent", { kind: "error", code: 9001 });
    const e = await failure(
      client.executeIntent({
        intentId: intent.intentId,
        depositTransactionHash: `0x${"01".repeat(32)}`,
      }),
    );
    expect(e.status).toBe(503);
    expect(e.isRetryable).toBe(false);
    expect(sent()).toBe(1);
  });

  it("a reset connection is retried for reads", async () => {
    const { client, retries } = setup();
    svc.fault("Ping", { kind: "reset-before" });
    await client.ping();
    expect(isServiceError(retries[0]?.error, "WebrpcRequestFailed")).toBe(true);
  });
});

describe("ambiguous failures of state-changing operations are reconciled", () => {
  it("commit: connection lost after the server acted → success, not re-sent", async () => {
    const { client } = setup();
    const { intent } = await client.quoteIntent(quoteRequest);
    const processed = svc.processed.CommitIntent ?? 0;
    const sent = count("CommitIntent");
    svc.fault("CommitIntent", { kind: "reset-after" });
    const { intentId } = await client.commitIntent({ intent });
    expect(intentId).toBe(intent.intentId);
    expect(sent()).toBe(1);
    expect((svc.processed.CommitIntent ?? 0) - processed).toBe(1);
  });

  it("commit: connection lost before the server acted (still QUOTED) → re-sent once", async () => {
    const { client, slept } = setup();
    const { intent } = await client.quoteIntent(quoteRequest);
    const processed = svc.processed.CommitIntent ?? 0;
    const sent = count("CommitIntent");
    svc.fault("CommitIntent", { kind: "reset-before" });
    await client.commitIntent({ intent });
    // Four reads over 1.75 s showed the intent unmoved before the one re-send.
    expect(slept).toEqual([250, 500, 1000]);
    expect(sent()).toBe(2);
    expect((svc.processed.CommitIntent ?? 0) - processed).toBe(1);
  });

  it("commit: a timeout is not re-sent (the first request may still land); the outcome is unknown", async () => {
    const { client } = setup({}, { timeoutMs: 100 });
    const { intent } = await client.quoteIntent(quoteRequest);
    const processed = svc.processed.CommitIntent ?? 0;
    const sent = count("CommitIntent");
    svc.fault("CommitIntent", { kind: "slow-headers", ms: 300 });
    const e = await failure(client.commitIntent({ intent }));
    expect(isServiceError(e, "RequestTimeout")).toBe(true);
    expect((e as Error).message).toMatch(/CommitIntent timed out and its outcome is unknown/);
    expect((e as { isRetryable: boolean }).isRetryable).toBe(false);
    expect(sent()).toBe(1);
    await new Promise((r) => setTimeout(r, 400));
    expect((svc.processed.CommitIntent ?? 0) - processed).toBe(1);
    const { intent: after } = await client.getIntent({ intentId: intent.intentId });
    expect(after.status).toBe("COMMITTED");
  });

  it("commit: a timeout after the server acted is reconciled to success", async () => {
    const { client } = setup({}, { timeoutMs: 100 });
    const { intent } = await client.quoteIntent(quoteRequest);
    const sent = count("CommitIntent");
    svc.fault("CommitIntent", { kind: "slow-body", ms: 300 });
    const { intentId } = await client.commitIntent({ intent });
    expect(intentId).toBe(intent.intentId);
    expect(sent()).toBe(1);
  });

  it("commit: never re-sent twice", async () => {
    const { client } = setup();
    const { intent } = await client.quoteIntent(quoteRequest);
    const sent = count("CommitIntent");
    svc.fault("CommitIntent", { kind: "reset-before" }, { kind: "reset-before" });
    const e = await failure(client.commitIntent({ intent }));
    expect(isServiceError(e, "WebrpcRequestFailed")).toBe(true);
    expect(sent()).toBe(2);
  });

  it("execute: connection lost after the server acted → success with the status", async () => {
    const { client } = setup();
    const { intent } = await client.quoteIntent(quoteRequest);
    await client.commitIntent({ intent });
    const processed = svc.processed.ExecuteIntent ?? 0;
    svc.fault("ExecuteIntent", { kind: "reset-after" });
    const out = await client.executeIntent({
      intentId: intent.intentId,
      depositTransactionHash: `0x${"01".repeat(32)}`,
    });
    expect(out).toEqual({ intentId: intent.intentId, intentStatus: "EXECUTING" });
    expect((svc.processed.ExecuteIntent ?? 0) - processed).toBe(1);
  });
});
