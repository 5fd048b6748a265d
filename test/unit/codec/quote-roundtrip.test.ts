import { describe, expect, it } from "vitest";
import { parseJson, stringifyJson } from "../../../src/codec/index.js";
import {
  makeQuoteResponse,
  makeSearchResponse,
  toNumbersWire,
  toStringsWire,
} from "../../bench/data.js";

describe("a quote whose amounts are past 2^53, sent as JSON numbers", () => {
  const quote = makeQuoteResponse(7);
  const text = toNumbersWire(quote);

  it("has amounts that JSON.parse would round", () => {
    const amount = quote.intent.quote.fromAmount;
    expect(amount > 2n ** 53n).toBe(true);
    const rounded = JSON.parse(text).intent.quote.fromAmount as number;
    expect(BigInt(rounded)).not.toBe(amount);
  });

  it("decodes with every digit and re-encodes to the same bytes", () => {
    const decoded = parseJson(text, "QuoteIntentResponse");
    expect(decoded).toEqual(quote);
    expect(stringifyJson(decoded, "QuoteIntentResponse")).toBe(text);
  });

  it("re-encodes in webrpc's form (decimal strings)", () => {
    const decoded = parseJson(text, "QuoteIntentResponse");
    expect(stringifyJson(decoded, "QuoteIntentResponse", { bigintAs: "string" })).toBe(
      toStringsWire(quote),
    );
  });

  it("decodes the intent alone, as CommitIntent sends it", () => {
    const body = stringifyJson({ intent: quote.intent }, "CommitIntentRequest");
    expect(parseJson(body, "CommitIntentRequest")).toEqual({ intent: quote.intent });
  });
});

describe("a search response", () => {
  it("decodes both wires exactly", () => {
    const search = makeSearchResponse(20, 3);
    expect(parseJson(toNumbersWire(search), "SearchIntentsResponse")).toEqual(search);
    expect(parseJson(toStringsWire(search), "SearchIntentsResponse")).toEqual(search);
  });
});
