/**
 * The response validators inline small referenced schemas (open enums, addresses, amounts) instead
 * of calling them: a wrong value deep in a response must still be refused, by the same keyword, with
 * its full path.
 */
import { describe, expect, it } from "vitest";
import { validateQuoteIntentResponse } from "../../../generated/validators.js";
import { parseJson } from "../../../src/codec/index.js";
import { makeQuoteResponse, toNumbersWire, toStringsWire } from "../../bench/data.js";

type Json = Record<string, unknown>;
const quote = (wire: (v: unknown) => string) =>
  parseJson(wire(makeQuoteResponse(7)), "QuoteIntentResponse") as Json;
const at = (value: Json, path: string[]): Json => path.reduce<Json>((o, k) => o[k] as Json, value);

describe("inlined references in response validators", () => {
  it("accept a whole quote response on either wire", () => {
    expect(validateQuoteIntentResponse(quote(toStringsWire))).toBe(true);
    expect(validateQuoteIntentResponse(quote(toNumbersWire))).toBe(true);
  });

  const cases: [string[], string, unknown, string][] = [
    // Enums are open (any string is accepted), so only a non-string is wrong.
    [["intent", "quoteRequest"], "tradeType", 7, "type"],
    [["intent", "quoteRequest"], "fundMethod", 1, "type"],
    [["intent", "quoteRequest", "options"], "bridgeProvider", false, "type"],
    [["intent", "quoteRequest", "options"], "swapProvider", {}, "type"],
    [["intent", "quoteRequest"], "ownerAddress", "0x1234", "pattern"],
    [["intent", "quoteRequest"], "originTokenAmount", 1.5, "exactInteger"],
  ];
  for (const [parent, key, bad, keyword] of cases) {
    it(`refuse ${JSON.stringify(bad)} in ${[...parent, key].join(".")} by ${keyword}`, () => {
      const value = quote(toStringsWire);
      at(value, parent)[key] = bad;
      expect(validateQuoteIntentResponse(value)).toBe(false);
      expect(validateQuoteIntentResponse.errors?.[0]).toMatchObject({
        instancePath: `/${[...parent, key].join("/")}`,
      });
      expect(validateQuoteIntentResponse.errors?.map((e) => e.keyword)).toContain(keyword);
    });
  }
});
