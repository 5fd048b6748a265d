/**
 * Every amount that leaves the wallet is bounded by the caller: `maxAmount` (required without
 * `request` or for EXACT_OUTPUT), `minAmountOut` against `quote.toAmountMin`, the request's
 * `slippageTolerance` in exact integer arithmetic, and one intent when `intent` and `quote` are
 * both given. Each refusal names the bound it enforces.
 */
import { describe, expect, it } from "vitest";
import type { QuoteIntentRequest } from "../../../generated/types.js";
import { checkAmountBounds, exactFraction } from "../../../src/client/amount-bounds.js";
import { isServiceError } from "../../../src/index.js";
import { checkCallerBounds } from "../../../src/wallet/caller-bounds.js";
import { sampleIntent } from "../../kit/client/samples.js";
import { usdcRequest } from "../../kit/quote-request.js";

const quoteRequest = usdcRequest({});
const intent = sampleIntent("i-1", quoteRequest, Date.parse("2026-01-01T00:00:00Z"));
const pays = intent.depositTransaction.amount;
const withSlippage = (s: number): QuoteIntentRequest => ({
  ...quoteRequest,
  options: { slippageTolerance: s },
});
const field = (f: () => void): string | undefined => {
  try {
    f();
    return undefined;
  } catch (e) {
    return (e as { field?: string }).field ?? String(e);
  }
};

describe("the caller's amount bounds against a quote", () => {
  it("maxAmount: the deposit at it passes, one unit above is refused naming maxAmount", () => {
    expect(field(() => checkAmountBounds(intent, { maxAmount: pays }))).toBeUndefined();
    expect(field(() => checkAmountBounds(intent, { maxAmount: pays - 1n }))).toBe("maxAmount");
  });

  it("minAmountOut: toAmountMin at it passes, one unit below the bound is refused", () => {
    const least = intent.quote.toAmountMin;
    expect(field(() => checkAmountBounds(intent, { minAmountOut: least }))).toBeUndefined();
    expect(field(() => checkAmountBounds(intent, { minAmountOut: least + 1n }))).toBe(
      "minAmountOut",
    );
  });

  it("slippageTolerance: toAmountMin one unit under toAmount × (1 − s) is refused, exactly", () => {
    const i = structuredClone(intent);
    i.quote.toAmount = 1_000_000n;
    i.quote.toAmountMin = 995_000n; // exactly 0.5 % under
    expect(field(() => checkAmountBounds(i, { request: withSlippage(0.005) }))).toBeUndefined();
    i.quote.toAmountMin = 994_999n;
    expect(field(() => checkAmountBounds(i, { request: withSlippage(0.005) }))).toBe(
      "slippageTolerance",
    );
    // A quote of 1 unit out for an amount asked with slippage is far under the bound.
    i.quote.toAmount = 1n;
    i.quote.toAmountMin = 1n;
    expect(field(() => checkAmountBounds(i, { request: withSlippage(0.005) }))).toBeUndefined();
    i.quote.toAmount = 10n ** 30n;
    expect(field(() => checkAmountBounds(i, { request: withSlippage(0.005) }))).toBe(
      "slippageTolerance",
    );
  });

  it("exactFraction reads the decimal a number prints, not its binary neighbour", () => {
    expect(exactFraction(0.005)).toEqual([5n, 1000n]);
    expect(exactFraction(0.1)).toEqual([1n, 10n]);
    expect(exactFraction(1e-7)).toEqual([1n, 10_000_000n]);
    expect(exactFraction(0)).toEqual([0n, 1n]);
    expect(exactFraction(0.5)).toEqual([5n, 10n]);
  });

  it("the refusal is IntentMismatchError", () => {
    let e: unknown;
    try {
      checkAmountBounds(intent, { maxAmount: 0n });
    } catch (x) {
      e = x;
    }
    expect(isServiceError(e, "IntentMismatch")).toBe(true);
  });
});

describe("executeWithWallet's own bounds", () => {
  const exactOutput: QuoteIntentRequest = usdcRequest({
    tradeType: "EXACT_OUTPUT",
    originTokenAmount: undefined,
    destinationTokenAmount: 1n,
  });

  it("without request, or for EXACT_OUTPUT, nothing passes without maxAmount", () => {
    expect(field(() => checkCallerBounds({ intent }))).toBe("maxAmount");
    expect(field(() => checkCallerBounds({ intent, request: exactOutput }))).toBe("maxAmount");
    expect(field(() => checkCallerBounds({ intent, maxAmount: pays }))).toBeUndefined();
    expect(
      field(() => checkCallerBounds({ intent, request: exactOutput, maxAmount: pays })),
    ).toBeUndefined();
    expect(field(() => checkCallerBounds({ intent, request: quoteRequest }))).toBeUndefined();
  });

  it("an intent whose quote request says EXACT_OUTPUT needs maxAmount whatever request says", () => {
    const i = structuredClone(intent);
    i.quoteRequest.tradeType = "EXACT_OUTPUT";
    expect(field(() => checkCallerBounds({ intent: i, request: quoteRequest }))).toBe("maxAmount");
  });

  it("intent and quote.intent must agree on every field, the deposit address included", () => {
    const same = { intent, request: quoteRequest, quote: { intent: structuredClone(intent) } };
    expect(field(() => checkCallerBounds(same))).toBeUndefined();
    const moved = structuredClone(intent);
    moved.depositTransaction.toAddress = "0x00000000000000000000000000000000000a77ac";
    expect(
      field(() => checkCallerBounds({ intent, request: quoteRequest, quote: { intent: moved } })),
    ).toBe("quote.intent.depositTransaction.toAddress");
    const more = structuredClone(intent);
    more.quote.fromAmount += 1n;
    expect(
      field(() => checkCallerBounds({ intent, request: quoteRequest, quote: { intent: more } })),
    ).toBe("quote.intent.quote.fromAmount");
    // Addresses compare without case.
    const upper = structuredClone(intent);
    upper.originIntentAddress = upper.originIntentAddress.toUpperCase().replace("0X", "0x");
    expect(
      field(() => checkCallerBounds({ intent, request: quoteRequest, quote: { intent: upper } })),
    ).toBeUndefined();
  });
});
