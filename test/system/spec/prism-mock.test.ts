/**
 * Stoplight Prism's mock (`prism mock`, static: it answers each operation with the document's
 * example) of the published OpenAPI document, read from the packed tarball: the SDK's strict
 * client accepts the answers of all 13 operations, and the lifecycle quote → commit → execute →
 * get runs against it, the mocked intent committed back as quoted. Prism validates every request
 * against the document too, so the SDK's requests pass it. System tier (a child process).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../../src/index.js";
import { OWNER, WETH_ARB, WETH_BASE } from "../../kit/constants.js";
import { packedPath } from "../../kit/package/packed.js";
import { type Prism, startPrism } from "../../kit/package/prism.js";

let prism: Prism;
beforeAll(async () => {
  prism = await startPrism(packedPath("generated/openapi.json"));
}, 90_000);
afterAll(async () => {
  await prism?.close();
});

describe("the SDK against prism mock of the published document", () => {
  it("accepts every mocked answer and runs quote, commit, execute and get", async () => {
    const c = createClient({
      baseUrl: prism.url,
      accessKey: "any-key",
      retry: false,
      validate: "strict",
      bigintAs: "string",
      headers: { "X-Bigint-As": "string" },
    });
    const quoted = await c.quoteIntent({
      ownerAddress: OWNER,
      originChainId: 42161,
      originTokenAddress: WETH_ARB,
      destinationChainId: 8453,
      destinationTokenAddress: WETH_BASE,
      tradeType: "EXACT_INPUT",
      originTokenAmount: 1234567891234567891n,
    });
    const { intent } = quoted;
    // The document's example: an amount past 2^53, read exactly.
    expect(intent.quote.fromAmount).toBe(10n ** 18n);
    const committed = await c.commitIntent({ intent });
    expect(committed.intentId).toBe(intent.intentId);
    const executed = await c.executeIntent({
      intentId: intent.intentId,
      depositTransactionHash: `0x${"ab".repeat(32)}`,
    });
    expect(typeof executed.intentStatus).toBe("string");
    const got = await c.getIntent({ intentId: intent.intentId });
    expect(got.intent).toEqual(intent);

    const answers = await Promise.all([
      c.ping(),
      c.clock(),
      c.getExactOutputRoutes({ destinationChainId: 8453, destinationTokenAddress: WETH_BASE }),
      c.getExactInputRoutes({ originChainId: 42161, originTokenAddress: WETH_ARB }),
      c.getTokenPrices({ tokens: [{ chainId: 42161, tokenAddress: WETH_ARB }] }),
      c.getIntentReceipt({ intentId: intent.intentId }),
      c.waitIntentReceipt({ intentId: intent.intentId }),
      c.searchIntents({ byOwnerAddress: OWNER }),
      c.getIntentHistory({}),
    ]);
    expect(answers).toHaveLength(9);
    expect(prism.log()).not.toMatch(/violation/i);
  }, 120_000);
});
