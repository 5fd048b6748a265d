/**
 * `@longpoll` operations (WaitIntentReceipt) get the client's `longPollTimeoutMs` as their time
 * limit, every other operation `timeoutMs`: the generated operation data says which, no name is
 * checked by hand. Over loopback HTTP against the fake service's slow answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, isServiceError } from "../../../src/index.js";
import { failure } from "../../kit/client/failure.js";
import { type FakeService, startFakeService } from "../../kit/client/fake-service.js";
import { quoteRequest } from "../../kit/client/samples.js";

let svc: FakeService;
beforeAll(async () => {
  svc = await startFakeService();
});
afterAll(() => svc.close());

describe("time limits by operation kind", () => {
  it("a long poll waits past timeoutMs, up to longPollTimeoutMs; a read does not", async () => {
    const client = createClient({
      baseUrl: svc.url,
      accessKey: svc.accessKey,
      retry: false,
      timeoutMs: 150,
      longPollTimeoutMs: 2_000,
    });
    // Setting up is not what is measured: a loaded machine must not time it out.
    const { intentId } = await client.quoteAndCommit(quoteRequest, { timeoutMs: 30_000 });
    svc.fault("WaitIntentReceipt", { kind: "slow-headers", ms: 400 });
    const polled = await client.waitIntentReceipt({ intentId });
    expect(Array.isArray(polled.receiptStates)).toBe(true);
    svc.fault("GetIntent", { kind: "slow-headers", ms: 400 });
    expect(isServiceError(await failure(client.getIntent({ intentId })), "RequestTimeout")).toBe(
      true,
    );
  });
});
