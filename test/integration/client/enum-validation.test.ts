/**
 * The validators follow the enum rule of the types: a request is checked against the values the
 * schema lists (and not sent when it holds another), a response may hold values added later, and
 * a request that carries back such a value (a commit of a returned intent) is accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringifyJson } from "../../../src/codec/index.js";
import { RequestValidationError } from "../../../src/errors.js";
import { createClient, type QuoteIntentRequest } from "../../../src/index.js";
import { failure } from "../../kit/client/failure.js";
import { type FakeService, startFakeService } from "../../kit/client/fake-service.js";
import { quoteRequest } from "../../kit/client/samples.js";

let svc: FakeService;
beforeAll(async () => {
  svc = await startFakeService();
});
afterAll(() => svc.close());

const client = () => createClient({ baseUrl: svc.url, accessKey: svc.accessKey, retry: false });

describe("enums in requests are closed, in responses open", () => {
  it("a request enum value the schema does not list is refused before sending", async () => {
    const sent = svc.received.QuoteIntent ?? 0;
    const bad = { ...quoteRequest, tradeType: "EXACT_OUT" } as unknown as QuoteIntentRequest;
    const e = await failure(client().quoteIntent(bad));
    expect(e instanceof RequestValidationError).toBe(true);
    expect(e).toMatchObject({ pointer: "/tradeType" });
    const nested = {
      ...quoteRequest,
      options: { bridgeProvider: "TELEPORT" },
    } as unknown as QuoteIntentRequest;
    expect(await failure(client().quoteIntent(nested))).toMatchObject({
      pointer: "/options/bridgeProvider",
    });
    expect((svc.received.QuoteIntent ?? 0) - sent).toBe(0);
  });

  it("a response may hold an unlisted value; a request field echoing one is sent", async () => {
    const c = client();
    const { intent } = await c.quoteIntent(quoteRequest);
    const later = {
      intent: { ...intent, quoteRequest: { ...intent.quoteRequest, tradeType: "EXACT_LATER" } },
    };
    svc.fault("GetIntent", {
      kind: "raw",
      status: 200,
      body: stringifyJson(later, "GetIntentResponse"),
    });
    const { intent: read } = await c.getIntent({ intentId: intent.intentId });
    expect(read.quoteRequest.tradeType).toBe("EXACT_LATER");
    const receipt = await c.waitIntentReceipt({
      intentId: intent.intentId,
      lastReceiptStates: ["QUEUED_SOMEWHERE_NEW"],
    });
    expect(Array.isArray(receipt.receiptStates)).toBe(true);
  });
});
