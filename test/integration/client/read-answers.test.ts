/**
 * Reads refuse an answer about another intent. A front on loopback forwards every request to the
 * dev server, and rewrites the ones a test schedules (another intent's id, or QuoteIntent in place
 * of GetIntent): the dev server's own, valid answers about intent B then reach a client that asked
 * about intent A.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringifyJson } from "../../../src/codec/index.js";
import type { DevServer } from "../../../src/devserver/index.js";
import { IntentMismatchError } from "../../../src/errors.js";
import { isServiceError } from "../../../src/index.js";
import { OWNER } from "../../kit/constants.js";
import { type Front, startFront } from "../../kit/reliability/redirects.js";
import { quoteRequestFor, recordingClient, startService } from "../../kit/reliability/service.js";

let srv: DevServer;
let front: Front;
let a: string;
let b: string;

beforeAll(async () => {
  srv = await startService();
  front = await startFront(srv.url);
  const { client } = recordingClient(srv.url);
  a = (await client.quoteAndCommit(quoteRequestFor(OWNER, 250_000_000n))).intentId;
  b = (await client.quoteAndCommit(quoteRequestFor(OWNER, 260_000_000n))).intentId;
});
afterAll(async () => {
  await front?.close();
  await srv?.close();
});

/** Forwards the next request of `operation` asking about intent B instead. */
function askAboutB(operation: string): void {
  front.rewrite({
    operation,
    to: (body) => ({ operation, body: body.replace(JSON.stringify(a), JSON.stringify(b)) }),
  });
}

async function mismatch(call: Promise<unknown>, field: string): Promise<IntentMismatchError> {
  const e = await call.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(IntentMismatchError);
  const error = e as IntentMismatchError;
  expect(isServiceError(error, "IntentMismatch")).toBe(true);
  expect([error.field, error.expected]).toEqual([field, a]);
  expect(error.message).toContain(field);
  expect(error.isRetryable).toBe(false);
  return error;
}

describe("reads check what they read", () => {
  const via = () => recordingClient(front.url).client;

  it("the front is faithful when nothing is scheduled", async () => {
    expect((await via().getIntent({ intentId: a })).intent.intentId).toBe(a);
    expect((await via().getIntentReceipt({ intentId: a })).intentReceipt.intentId).toBe(a);
  });

  it("GetIntent answered about another intent", async () => {
    askAboutB("GetIntent");
    const { client, retries } = recordingClient(front.url);
    const e = await mismatch(client.getIntent({ intentId: a }), "intent.intentId");
    // Not retried: a retry would have read intent A (the rewrite is used once) and succeeded.
    expect(retries).toEqual([]);
    expect(e.found).toBe(b);
  });

  it("GetIntentReceipt answered about another intent", async () => {
    askAboutB("GetIntentReceipt");
    const e = await mismatch(via().getIntentReceipt({ intentId: a }), "intentReceipt.intentId");
    expect(e.found).toBe(b);
  });

  it("WaitIntentReceipt answered about another intent", async () => {
    askAboutB("WaitIntentReceipt");
    const e = await mismatch(via().waitIntentReceipt({ intentId: a }), "intentReceipt.intentId");
    expect(e.found).toBe(b);
  });

  it("GetIntent answered with QuoteIntent's answer (a new intent, status QUOTED)", async () => {
    front.rewrite({
      operation: "GetIntent",
      to: () => ({
        operation: "QuoteIntent",
        body: stringifyJson(quoteRequestFor(OWNER), "QuoteIntentRequest"),
      }),
    });
    const e = await mismatch(via().getIntent({ intentId: a }), "intent.intentId");
    expect(e.found).not.toBe(a);
    expect(e.found.length).toBeGreaterThan(0);
  });

  it("in every validate mode", async () => {
    for (const validate of ["warn", "off"] as const) {
      askAboutB("GetIntent");
      const c = recordingClient(front.url, { validate, onValidationIssue: () => {} }).client;
      await mismatch(c.getIntent({ intentId: a }), "intent.intentId");
    }
  });
});
