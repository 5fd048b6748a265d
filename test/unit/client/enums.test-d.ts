/**
 * Closed enums in requests, open enums in responses: a caller can only send values the schema
 * lists, and can read (and send back) any value the server returns.
 */
import { describe, expectTypeOf, it } from "vitest";
import {
  createClient,
  type Intent,
  type IntentStatus,
  type QuoteIntentRequest,
} from "../../../src/index.js";
import type {
  GetIntentHistoryRequest,
  KnownTradeType,
  TradeType,
  TransactionStatus,
  WaitIntentReceiptResponse,
} from "../../../src/types.js";

const client = createClient({ baseUrl: "http://127.0.0.1:1" });
const base = {
  ownerAddress: "0x1",
  originChainId: 1,
  originTokenAddress: "0x2",
  destinationChainId: 8453,
  destinationTokenAddress: "0x3",
} as const;

describe("request enums are closed", () => {
  it("a value the schema does not list does not compile", () => {
    // @ts-expect-error: EXACT_OUT is not a TradeType the schema lists
    client.quoteIntent({ ...base, tradeType: "EXACT_OUT" });
    // @ts-expect-error: nested request structs are closed too
    client.quoteIntent({ ...base, options: { bridgeProvider: "TELEPORT" } });
    // @ts-expect-error: and so is a plain string
    client.quoteIntent({ ...base, fundMethod: "CASH" as string });
    client.quoteIntent({ ...base, tradeType: "EXACT_OUTPUT", options: { bridgeProvider: "CCTP" } });
    expectTypeOf<QuoteIntentRequest["tradeType"]>().toEqualTypeOf<KnownTradeType | undefined>();
    expectTypeOf<KnownTradeType>().toEqualTypeOf<"EXACT_INPUT" | "EXACT_OUTPUT">();
  });
  it("a request filter takes listed values only", () => {
    const byStatus: GetIntentHistoryRequest["byStatus"] = "QUOTED";
    expectTypeOf(byStatus).toMatchTypeOf<IntentStatus | undefined>();
  });
});

describe("response enums are open", () => {
  it("known values and any other string", () => {
    expectTypeOf<"SOMETHING_NEW">().toMatchTypeOf<TradeType>();
    expectTypeOf<Intent["status"]>().toEqualTypeOf<IntentStatus>();
    expectTypeOf<Intent["quoteRequest"]["tradeType"]>().toEqualTypeOf<TradeType | undefined>();
  });
  it("what the server returned can be sent back, unknown values included", () => {
    const intent = {} as Intent;
    client.commitIntent({ intent: { ...intent, status: "NOT_LISTED_YET" } });
    const polled = {} as WaitIntentReceiptResponse;
    client.waitIntentReceipt({ intentId: "i", lastReceiptStates: polled.receiptStates });
    expectTypeOf(polled.receiptStates).toEqualTypeOf<TransactionStatus[]>();
  });
});
