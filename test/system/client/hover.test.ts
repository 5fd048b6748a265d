/**
 * What an editor shows: hovering a method or a response field names the schema's types
 * (`Promise<QuoteIntentResponse>`, `Intent`), not `OperationTypes[N]["response"]` or an expanded
 * object. Checked with the TypeScript language service on a small consumer file.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { errorsOf, hoverAt, languageService } from "../../kit/language-service.js";
import { ROOT } from "../../kit/runtimes/harness.js";

const file = join(ROOT, "test/system/client/__hover_consumer__.ts");
const text = `import { createClient, getIntent, createBaseClient } from "../../../src/index.js";

const client = createClient({ baseUrl: "http://127.0.0.1:1" });
export async function run() {
  const quoted = await client.quoteIntent({
    ownerAddress: "0x1",
    originChainId: 1,
    originTokenAddress: "0x2",
    destinationChainId: 8453,
    destinationTokenAddress: "0x3",
    tradeType: "EXACT_OUTPUT",
    destinationTokenAmount: 1n,
  });
  const intentOfQuote = quoted.intent;
  const got = await getIntent(createBaseClient({ baseUrl: "http://x" }), { intentId: "i" });
  const requested = intentOfQuote.quoteRequest;
  return [intentOfQuote.status, got.intent, requested.tradeType];
}
`;

describe("hovers name the schema's types", () => {
  const service = languageService(new Map([[file, text]]));

  it("the consumer compiles", () => {
    expect(errorsOf(service, file)).toEqual([]);
  });

  it("client.quoteIntent returns Promise<QuoteIntentResponse>", () => {
    const hover = hoverAt(service, file, text, "client.quoteIntent", "client.".length);
    expect(hover).toContain("Promise<QuoteIntentResponse>");
    expect(hover).toContain("request: QuoteIntentRequest");
    expect(hover).not.toContain("OperationTypes");
  });

  it(".intent is an Intent", () => {
    const hover = hoverAt(service, file, text, "quoted.intent", "quoted.".length);
    expect(hover).toBe("(property) QuoteIntentResponse.intent: Intent");
  });

  it("the standalone function and nested fields are named too", () => {
    expect(hoverAt(service, file, text, "getIntent(create")).toContain(
      "Promise<GetIntentResponse>",
    );
    expect(hoverAt(service, file, text, "intentOfQuote.status", "intentOfQuote.".length)).toBe(
      "(property) Intent.status: IntentStatus",
    );
    expect(hoverAt(service, file, text, "requested.tradeType", "requested.".length)).toBe(
      "(property) OpenQuoteIntentRequest.tradeType?: TradeType | undefined",
    );
  });
});
