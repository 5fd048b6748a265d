/**
 * What `executeWithWallet` needs from the caller before anything is signed: a bound on what
 * leaves the wallet (the request that was quoted, EXACT_INPUT, binds the amount; otherwise
 * `maxAmount` must), and one intent (the `intent` and the `quote`'s intent, when both are
 * given, agree on every field but its status and when it was last updated).
 */
import type { Intent, QuoteIntentRequest } from "../../generated/types.js";
import { DepositMismatchError } from "../errors/wallet-errors.js";

/** What the caller passed that bounds the deposit. */
export interface CallerBounds {
  intent: Intent;
  request?: QuoteIntentRequest | undefined;
  maxAmount?: bigint | undefined;
  quote?: { intent?: Intent } | undefined;
}

/** The trade type a request asks for (without one, an output amount means EXACT_OUTPUT). */
const tradeOf = (r: QuoteIntentRequest): string =>
  r.tradeType ?? (r.destinationTokenAmount !== undefined ? "EXACT_OUTPUT" : "EXACT_INPUT");

/**
 * The path of the first field where `a` and `b` differ (`""` for the values themselves),
 * `undefined` when they agree everywhere; addresses compare without case.
 */
export function firstDifference(a: unknown, b: unknown, path = ""): string | undefined {
  if (typeof a === "string" && typeof b === "string")
    return a === b || (/^0x/i.test(a) && a.toLowerCase() === b.toLowerCase()) ? undefined : path;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null)
    return Object.is(a, b) ? undefined : path;
  if (Array.isArray(a) !== Array.isArray(b)) return path;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const at = firstDifference(
      (a as Record<string, unknown>)[k],
      (b as Record<string, unknown>)[k],
      path ? `${path}.${k}` : k,
    );
    if (at !== undefined) return at;
  }
  return undefined;
}

/**
 * Throws `DepositMismatchError` naming `maxAmount` when nothing the caller passed bounds the
 * amount (EXACT_OUTPUT, or no `request`), or naming the first field where `intent` and
 * `quote.intent` disagree.
 */
export function checkCallerBounds(o: CallerBounds): void {
  const exactOutput =
    !o.request ||
    tradeOf(o.request) === "EXACT_OUTPUT" ||
    o.intent.quoteRequest?.tradeType === "EXACT_OUTPUT";
  if (exactOutput && o.maxAmount === undefined)
    throw new DepositMismatchError("maxAmount", "the most you will pay", "(none)");
  const quoted = o.quote?.intent;
  if (quoted === undefined) return;
  // The intent as the service holds it later differs from the quote only in its state.
  const at = firstDifference(
    { ...o.intent, status: undefined, updatedAt: undefined },
    { ...quoted, status: undefined, updatedAt: undefined },
  );
  if (at !== undefined)
    throw new DepositMismatchError(`quote.intent.${at}`, "the same as intent", "another");
}
