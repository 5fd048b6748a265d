/**
 * Reconciliation when the read lags: after ExecuteIntent's connection drops once the server has
 * acted, the reconciling GetIntent is served by a replica that still says COMMITTED for N reads.
 * No request is ever sent twice; over real loopback HTTP (the fake service serves the stale
 * reads). And the per-call headers of a state-changing call do not reach the reconciling read
 * (a fault injected on a commit must not spoil the read), against the dev server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringifyJson } from "../../../src/codec/index.js";
import type { DevServer } from "../../../src/devserver/index.js";
import { createClient } from "../../../src/index.js";
import { type FakeService, startFakeService } from "../../kit/client/fake-service.js";
import { quoteRequest } from "../../kit/client/samples.js";
import { startServer } from "../../kit/server.js";

/** The stale reads are counted, not timed: the waits between the re-reads end at once. */
const instant = async () => {};

let svc: FakeService;
let dev: DevServer;
beforeAll(async () => {
  svc = await startFakeService();
  dev = await startServer({ port: 0, faults: true });
});
afterAll(async () => {
  await svc.close();
  await dev.close();
});

const DEPOSIT = `0x${"01".repeat(32)}`;

describe("a reconciling read that lags", () => {
  for (const lag of [1, 2, 3]) {
    it(`ExecuteIntent acted, ${lag} stale read(s) say COMMITTED: not re-sent, success`, async () => {
      const client = createClient({
        baseUrl: svc.url,
        accessKey: svc.accessKey,
        retry: false,
        sleep: instant,
      });
      const { intentId } = await client.quoteAndCommit(quoteRequest);
      const stale = stringifyJson(await client.getIntent({ intentId }), "GetIntentResponse");
      const sent = svc.received.ExecuteIntent ?? 0;
      const processed = svc.processed.ExecuteIntent ?? 0;
      const reads = svc.received.GetIntent ?? 0;
      svc.fault("ExecuteIntent", { kind: "reset-after" });
      const staleRead = { kind: "raw" as const, status: 200, body: stale };
      svc.fault("GetIntent", ...Array.from({ length: lag }, () => staleRead));
      const { intentStatus } = await client.executeIntent({
        intentId,
        depositTransactionHash: DEPOSIT,
      });
      expect(intentStatus).not.toBe("COMMITTED");
      expect((svc.received.ExecuteIntent ?? 0) - sent).toBe(1);
      expect((svc.processed.ExecuteIntent ?? 0) - processed).toBe(1);
      expect((svc.received.GetIntent ?? 0) - reads).toBe(lag + 1);
    });
  }

  it("an intent that really did not move is re-sent once, after the reads agree", async () => {
    const client = createClient({
      baseUrl: svc.url,
      accessKey: svc.accessKey,
      retry: false,
      sleep: instant,
    });
    const { intentId } = await client.quoteAndCommit(quoteRequest);
    const sent = svc.received.ExecuteIntent ?? 0;
    const reads = svc.received.GetIntent ?? 0;
    svc.fault("ExecuteIntent", { kind: "reset-before" });
    await client.executeIntent({ intentId, depositTransactionHash: DEPOSIT });
    expect((svc.received.ExecuteIntent ?? 0) - sent).toBe(2);
    expect((svc.received.GetIntent ?? 0) - reads).toBe(4);
  });
});

describe("per-call headers and the reconciling read", () => {
  it("X-Dev-Fault: reset-after on a commit spoils the commit only; the read reconciles it", async () => {
    const client = createClient({ baseUrl: dev.url, accessKey: dev.accessKey, retry: false });
    const { intent } = await client.quoteIntent(quoteRequest);
    const { intentId } = await client.commitIntent(
      { intent },
      { headers: { "X-Dev-Fault": "reset-after" } },
    );
    expect(intentId).toBe(intent.intentId);
    const { intent: after } = await client.getIntent({ intentId });
    expect(after.status).toBe("COMMITTED");
  });
});
