/**
 * QuoteIntent: checks the request, builds the quote and keeps the quoted intent so that
 * CommitIntent can compare what it is sent with what was issued, and GetIntent can find it. A quote
 * whose CommitIntent body would exceed the server's body limit is refused (`InvalidArgument`), so
 * every quote issued can be committed; its size is what it counts against the store's budget.
 * Quotes are built one at a time: one over large calldata pauses while hashing it (so that the
 * event loop serves other requests), and the issue sequence it read must not move meanwhile.
 */
import type { QuoteIntentRequest, QuoteIntentResponse } from "../../../generated/types.js";
import { stringifyJson } from "../../codec/index.js";
import type { CallContext } from "../context/index.js";
import { invalidArgument, utf8Length } from "../core/index.js";
import { RECORD_OVERHEAD_BYTES, totalExecutionMs } from "../intents/index.js";
import { buildQuote, type QuoteSpec, readQuoteSpec } from "../market/index.js";

/** Bytes of the CommitIntent body of `intent` (bigints as strings, the longer wire form). */
function commitBodyBytes(intent: QuoteIntentResponse["intent"]): number {
  return utf8Length(stringifyJson({ intent }, "CommitIntentRequest", { bigintAs: "string" }));
}

/** Quotes an intent. */
export function quoteIntent(
  req: QuoteIntentRequest,
  ctx: CallContext,
): Promise<QuoteIntentResponse> {
  const spec = readQuoteSpec(req, ctx.server.catalogue);
  return ctx.server.quotes.run(() => issue(req, spec, ctx));
}

async function issue(
  req: QuoteIntentRequest,
  spec: QuoteSpec,
  ctx: CallContext,
): Promise<QuoteIntentResponse> {
  const server = ctx.server;
  const crossChain = spec.fromChain.chainId !== spec.toChain.chainId;
  const response = await buildQuote(spec, {
    catalogue: server.catalogue,
    seed: server.options.seed,
    now: ctx.now,
    projectId: ctx.projectId,
    sequence: server.store.issued,
    clockInIds: !server.options.seeded,
    maxImpactPpm: server.options.maxPriceImpactPpm,
    estimatedDurationS: totalExecutionMs(crossChain ? 3 : 2, server.timing) / 1000,
    pause: () => server.slices.turn(),
  });
  const commitBytes = commitBodyBytes(response.intent);
  const maxBody = server.options.maxBodyBytes;
  if (commitBytes > maxBody) {
    const calldata = (req.destinationCallData?.length ?? 0) > 1024;
    throw invalidArgument(
      calldata ? "/destinationCallData" : "/",
      `the quoted intent would take ${commitBytes} bytes in a CommitIntent body, past this server's ${maxBody}-byte body limit; send less ${calldata ? "calldata" : "data"}`,
    );
  }
  server.store.addQuoted({
    issued: response.intent,
    issuedAt: ctx.now,
    projectId: ctx.projectId,
    from: spec.from,
    to: spec.to,
    recipient: spec.recipient,
    tradeType: spec.tradeType,
    feeTokens: response.gasFeeOptions.feeOptions.map((o) => o.tokenAddress),
    bytes: commitBytes + RECORD_OVERHEAD_BYTES,
  });
  return response;
}
