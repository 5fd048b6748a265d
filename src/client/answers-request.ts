/**
 * Whether an intent answers the request the caller sent: the same owner, chains, tokens,
 * recipient and trade type, and the amount asked for (exactly the input for EXACT_INPUT, at least
 * the output for EXACT_OUTPUT). A service, or anything between the caller and it, that rewrites
 * the quote is caught here, before anything is committed or signed.
 */
import type { Intent, QuoteIntentRequest } from "../../generated/types.js";
import { IntentMismatchError } from "./intent-mismatch.js";

const text = (v: unknown): string => (v === undefined ? "(none)" : String(v));
const norm = (v: unknown): string => text(v).toLowerCase();

function same(field: string, expected: unknown, found: unknown): void {
  if (norm(expected) !== norm(found))
    throw new IntentMismatchError(field, text(expected), text(found));
}

/**
 * Throws `IntentMismatchError` naming the first field of `intent` that does not answer `request`.
 *
 * @example
 * const { intent } = await client.quoteIntent(request);
 * checkIntentAnswers(intent, request); // throws when the quote is not what was asked
 */
export function checkIntentAnswers(intent: Intent, request: QuoteIntentRequest): void {
  const q = intent.quoteRequest;
  const owner = request.ownerAddress;
  same("ownerAddress", owner, intent.ownerAddress);
  same("quoteRequest.ownerAddress", owner, q.ownerAddress);
  for (const [field, found] of [
    ["originChainId", intent.originChainId],
    ["quoteRequest.originChainId", q.originChainId],
    ["depositTransaction.chainId", intent.depositTransaction.chainId ?? intent.originChainId],
  ] as const)
    same(field, request.originChainId, found);
  same("quoteRequest.originTokenAddress", request.originTokenAddress, q.originTokenAddress);
  same(
    "depositTransaction.tokenAddress",
    request.originTokenAddress,
    intent.depositTransaction.tokenAddress,
  );
  same("destinationChainId", request.destinationChainId, intent.destinationChainId);
  same("quoteRequest.destinationChainId", request.destinationChainId, q.destinationChainId);
  same(
    "quoteRequest.destinationTokenAddress",
    request.destinationTokenAddress,
    q.destinationTokenAddress,
  );
  same(
    "quoteRequest.destinationToAddress",
    request.destinationToAddress ?? owner,
    q.destinationToAddress ?? q.ownerAddress,
  );
  for (const k of [
    "destinationCallData",
    "destinationApproveAddress",
    "destinationCallValue",
  ] as const)
    same(`quoteRequest.${k}`, request[k], q[k]);
  const trade = request.tradeType ?? "EXACT_INPUT";
  same("quoteRequest.tradeType", trade, q.tradeType ?? "EXACT_INPUT");
  if (trade === "EXACT_OUTPUT") {
    const want = request.destinationTokenAmount;
    same("quoteRequest.destinationTokenAmount", want, q.destinationTokenAmount);
    if (want !== undefined && !(intent.quote.toAmount >= want))
      throw new IntentMismatchError(
        "quote.toAmount",
        `at least ${want}`,
        text(intent.quote.toAmount),
      );
    return;
  }
  const amount = request.originTokenAmount;
  same("quoteRequest.originTokenAmount", amount, q.originTokenAmount);
  same("quote.fromAmount", amount, intent.quote.fromAmount);
  same("depositTransaction.amount", amount, intent.depositTransaction.amount);
}

/** Throws `IntentMismatchError` when a commit names another intent than the one quoted. */
export function checkCommittedId(quoted: string, committed: string): void {
  if (committed !== quoted) throw new IntentMismatchError("intentId", quoted, committed);
}
