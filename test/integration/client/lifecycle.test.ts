import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createBaseClient,
  createClient,
  isFinalStatus,
  isServiceError,
  quoteAndCommit,
  quoteIntent,
  type ServiceError,
  waitForIntent,
} from "../../../src/index.js";
import type { IntentUpdate } from "../../../src/types.js";
import { type FakeService, startFakeService } from "../../kit/client/fake-service.js";
import { quoteRequest } from "../../kit/client/samples.js";

let svc: FakeService;
beforeAll(async () => {
  svc = await startFakeService();
});
afterAll(() => svc.close());

const opts = () => ({ baseUrl: svc.url, accessKey: svc.accessKey, retry: false as const });

async function executing(): Promise<string> {
  const client = createClient(opts());
  const { intentId } = await client.quoteAndCommit(quoteRequest);
  await client.executeIntent({ intentId, depositTransactionHash: `0x${"01".repeat(32)}` });
  return intentId;
}

describe("isFinalStatus", () => {
  it("knows the final statuses; anything else is pending", () => {
    for (const s of ["SUCCEEDED", "FAILED", "ABORTED", "REFUNDED", "INVALID"])
      expect(isFinalStatus(s)).toBe(true);
    for (const s of ["QUOTED", "COMMITTED", "EXECUTING", "SOMETHING_NEW"])
      expect(isFinalStatus(s)).toBe(false);
  });
});

describe("quoteAndCommit", () => {
  it("re-quotes when the commit answers QuoteExpired", async () => {
    const base = createBaseClient(opts());
    const quotes = svc.received.QuoteIntent ?? 0;
    svc.fault("CommitIntent", { kind: "error", code: 7001 });
    const done = await quoteAndCommit(base, quoteRequest, { maxRequotes: 1 });
    expect((svc.received.QuoteIntent ?? 0) - quotes).toBe(2);
    expect(svc.intents.get(done.intentId)?.intent.status).toBe("COMMITTED");
  });
  it("gives up after maxRequotes", async () => {
    const client = createClient(opts());
    svc.fault("CommitIntent", { kind: "error", code: 7001 }, { kind: "error", code: 7001 });
    const e = await client.quoteAndCommit(quoteRequest, { maxRequotes: 1 }).catch((x) => x);
    expect(isServiceError(e, "QuoteExpired")).toBe(true);
  });
  it("a quote committed too late is QuoteExpired from the server", async () => {
    const base = createBaseClient(opts());
    const { intent } = await quoteIntent(base, quoteRequest);
    svc.advance(6 * 60_000);
    try {
      const e = await createClient(opts())
        .commitIntent({ intent })
        .catch((x) => x);
      expect(isServiceError(e, "QuoteExpired")).toBe(true);
    } finally {
      svc.advance(-6 * 60_000);
    }
  });
});

describe("waitForIntent / watchIntent", () => {
  it("reports each change once and ends at the final status", async () => {
    const intentId = await executing();
    const updates: IntentUpdate[] = [];
    const final = await createClient(opts()).waitForIntent(intentId, {
      onUpdate: (u) => updates.push(u),
    });
    expect(final.done).toBe(true);
    expect(updates.map((u) => u.receiptStates.join(","))).toEqual([
      "SUCCEEDED,PENDING",
      "SUCCEEDED,SUCCEEDED,PENDING",
      "SUCCEEDED,SUCCEEDED,SUCCEEDED",
    ]);
  });
  it("falls back to GetIntentReceipt polling without long polls", async () => {
    const old = await startFakeService({ noLongPoll: true });
    try {
      const client = createClient({ baseUrl: old.url, accessKey: old.accessKey });
      const { intentId } = await client.quoteAndCommit(quoteRequest);
      await client.executeIntent({ intentId, depositTransactionHash: `0x${"01".repeat(32)}` });
      const statuses: string[] = [];
      const final = await waitForIntent(client, intentId, {
        pollIntervalMs: 5,
        onUpdate: (u) => statuses.push(u.status),
      });
      expect(final.status).toBe("SUCCEEDED");
      expect(statuses.at(-1)).toBe("SUCCEEDED");
      expect(old.received.GetIntentReceipt).toBeGreaterThanOrEqual(3);
    } finally {
      await old.close();
    }
  });
  it("is an async iterable", async () => {
    const intentId = await executing();
    const seen: string[] = [];
    for await (const u of createClient(opts()).watchIntent(intentId)) seen.push(u.status);
    expect(seen.at(-1)).toBe("SUCCEEDED");
  });
  it("stops on abort and on its own time limit", async () => {
    const client = createClient(opts());
    const { intentId } = await client.quoteAndCommit(quoteRequest); // never executed: stays pending
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 50);
    const aborted = (await client
      .waitForIntent(intentId, { signal: ctl.signal })
      .catch((x) => x)) as ServiceError;
    expect(isServiceError(aborted, "WebrpcClientAborted")).toBe(true);
    const late = await client.waitForIntent(intentId, { timeoutMs: 80 }).catch((x) => x);
    expect(isServiceError(late, "RequestTimeout")).toBe(true);
  });
});
