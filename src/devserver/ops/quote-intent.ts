/**
 * QuoteIntent: checks the request, builds the quote and keeps the quoted intent so that
 * CommitIntent can compare what it is sent with what was issued, and GetIntent can find it.
 */
import type { QuoteIntentRequest, QuoteIntentResponse } from "../../../generated/types.js";
import { totalExecutionMs } from "../intents/index.js";
import { buildQuote, readQuoteSpec } from "../market/index.js";
import type { CallContext } from "./context.js";

/** Quotes an intent. */
export function quoteIntent(req: QuoteIntentRequest, ctx: CallContext): QuoteIntentResponse {
  const server = ctx.server;
  const spec = readQuoteSpec(req, server.catalogue);
  const crossChain = spec.fromChain.chainId !== spec.toChain.chainId;
  const response = buildQuote(spec, {
    catalogue: server.catalogue,
    seed: server.options.seed,
    now: ctx.now,
    projectId: ctx.projectId,
    sequence: server.store.issued,
    maxImpactPpm: server.options.maxPriceImpactPpm,
    estimatedDurationS: totalExecutionMs(crossChain ? 3 : 2, server.timing) / 1000,
  });
  server.store.addQuoted({
    issued: response.intent,
    issuedAt: ctx.now,
    projectId: ctx.projectId,
    from: spec.from,
    to: spec.to,
    recipient: spec.recipient,
    tradeType: spec.tradeType,
    feeTokens: response.gasFeeOptions.feeOptions.map((o) => o.tokenAddress),
  });
  return response;
}
