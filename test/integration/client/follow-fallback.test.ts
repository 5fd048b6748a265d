/**
 * Following an intent on deployments without `WaitIntentReceipt`, over loopback HTTP: the router
 * in front answers with its own page rather than a webrpc error, and the fallback's pacing.
 */
import { describe, expect, it } from "vitest";
import { type ClientOptions, createClient, followIntent } from "../../../src/index.js";
import type { RetryInfo } from "../../../src/types.js";
import {
  type FakeService,
  type FakeServiceOptions,
  startFakeService,
} from "../../kit/client/fake-service.js";
import { quoteRequest } from "../../kit/client/samples.js";

/** Runs `body` against a fake service of its own, closed after. */
async function withService<T>(
  options: FakeServiceOptions,
  body: (svc: FakeService) => Promise<T>,
): Promise<T> {
  const svc = await startFakeService(options);
  try {
    return await body(svc);
  } finally {
    await svc.close();
  }
}

/** A client with the default retry policy (small delays), recording every retry. */
function recordingClient(svc: FakeService) {
  const retries: RetryInfo[] = [];
  const client = createClient({
    baseUrl: svc.url,
    accessKey: svc.accessKey,
    retry: { baseDelayMs: 5, onRetry: (i) => retries.push(i) },
  });
  return { client, retries };
}

const ROUTER_PAGES = [
  { label: "a plain-text 404 (Go's net/http)", status: 404, body: "404 page not found\n" },
  {
    label: "an HTML 405 (nginx)",
    status: 405,
    body: "<html><head><title>405 Not Allowed</title></head><body>nginx</body></html>",
    headers: { "content-type": "text/html" },
  },
  {
    label: "an HTML 501",
    status: 501,
    body: "<!DOCTYPE html><html><body><h1>501 Not Implemented</h1></body></html>",
    headers: { "content-type": "text/html" },
  },
];

describe("waitForIntent behind a router without WaitIntentReceipt", () => {
  for (const page of ROUTER_PAGES) {
    it(`${page.label}: one long poll, no retry, then GetIntentReceipt to the final status`, () =>
      withService({ longPollPage: page }, async (svc) => {
        const { client, retries } = recordingClient(svc);
        const { intentId } = await client.quoteAndCommit(quoteRequest);
        await client.executeIntent({ intentId, depositTransactionHash: `0x${"01".repeat(32)}` });
        const statuses: string[] = [];
        const final = await client.waitForIntent(intentId, {
          pollIntervalMs: 5,
          onUpdate: (u) => statuses.push(u.status),
        });
        expect(final.status).toBe("SUCCEEDED");
        expect(statuses).toEqual(["EXECUTING", "EXECUTING", "SUCCEEDED"]);
        expect(svc.received.WaitIntentReceipt).toBe(1);
        expect(svc.received.GetIntentReceipt).toBe(3);
        expect(retries).toEqual([]);
      }));
  }

  it("a proxy's HTML 502 is a failure, not a missing route: retried, and long polls go on", () =>
    withService({}, async (svc) => {
      const { client, retries } = recordingClient(svc);
      const { intentId } = await client.quoteAndCommit(quoteRequest);
      await client.executeIntent({ intentId, depositTransactionHash: `0x${"01".repeat(32)}` });
      svc.fault("WaitIntentReceipt", {
        kind: "raw",
        status: 502,
        headers: { "content-type": "text/html" },
        body: "<html><body><h1>502 Bad Gateway</h1></body></html>",
      });
      const final = await client.waitForIntent(intentId, { pollIntervalMs: 5 });
      expect(final.status).toBe("SUCCEEDED");
      expect(retries.map((r) => [r.operation, r.error.code, r.error.status])).toEqual([
        ["WaitIntentReceipt", -5, 502],
      ]);
      expect(svc.received.GetIntentReceipt).toBeUndefined();
    }));
});

describe("pacing of the GetIntentReceipt fallback", () => {
  it("grows ×1.5 per unchanged read up to 5 s, and returns to the first interval on a change", () =>
    withService({ noLongPoll: true }, async (svc) => {
      const waits: { ms: number; readsBefore: number }[] = [];
      // The client's own sleep, the one way to take time out of it: records each wait, spends none.
      const sleep: NonNullable<ClientOptions["sleep"]> = async (ms) => {
        waits.push({ ms, readsBefore: svc.received.GetIntentReceipt ?? 0 });
        if (waits.length === 9)
          await client.executeIntent({ intentId, depositTransactionHash: `0x${"01".repeat(32)}` });
      };
      const client = createClient({
        baseUrl: svc.url,
        accessKey: svc.accessKey,
        retry: false,
        sleep,
      });
      // Committed, not executed: the receipt does not move until the test executes it.
      const { intentId } = await client.quoteAndCommit(quoteRequest);
      const statuses: string[] = [];
      for await (const u of followIntent(client, intentId, { pollIntervalMs: 400 }))
        statuses.push(u.status);
      expect(waits.map((w) => w.ms)).toEqual([
        400, 600, 900, 1350, 2025, 3037.5, 4556.25, 5000, 5000, 400, 400,
      ]);
      // Exactly one read before each wait: the waits are the intervals between requests.
      expect(waits.map((w) => w.readsBefore)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect(statuses).toEqual(["COMMITTED", "EXECUTING", "EXECUTING", "SUCCEEDED"]);
      expect(svc.received.WaitIntentReceipt).toBe(1);
    }));
});
