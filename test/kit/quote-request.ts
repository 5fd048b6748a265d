/**
 * The one quote-request builder of the tests: a cross-chain USDC quote, Arbitrum (42161) to Base
 * (8453), exact input of 250 USDC for `OWNER`; `extra` overrides any field, and a field given as
 * `undefined` is left out (to test a missing field).
 */
import type { OpenQuoteIntentRequest, QuoteIntentRequest } from "../../generated/types.js";
import { OWNER, USDC_ARB, USDC_BASE } from "./constants.js";

/** A cross-chain USDC quote request (Arbitrum → Base), with `extra` over it. */
export function usdcRequest(
  extra: { [K in keyof OpenQuoteIntentRequest]?: OpenQuoteIntentRequest[K] | undefined } = {},
): QuoteIntentRequest {
  const req: Record<string, unknown> = {
    ownerAddress: OWNER,
    originChainId: 42161,
    originTokenAddress: USDC_ARB,
    destinationChainId: 8453,
    destinationTokenAddress: USDC_BASE,
    tradeType: "EXACT_INPUT",
    originTokenAmount: 250_000_000n,
    ...extra,
  };
  for (const k of Object.keys(req)) if (req[k] === undefined) delete req[k];
  return req as unknown as QuoteIntentRequest;
}
