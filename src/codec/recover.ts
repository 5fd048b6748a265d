/**
 * Digits for the numbers past 2^53 that the walk queued. One forward scan lists the unsafe number
 * tokens of the text in document order. When the walk ran in document order and found exactly as
 * many such values as there are tokens, every token was one of them and the i-th token belongs to
 * the i-th value: they pair up with no lookup. Otherwise (a long number in a field that is not a
 * bigint, duplicate keys, array-index keys) tokens are matched by value, which works whenever no
 * two different texts round to the same double. The caller falls back to the exact parser when
 * neither applies.
 */
import { setOwn } from "./leaf.js";
import { indexTokens, isValueOf, scanUnsafeNumbers, type UnsafeTokens } from "./number-tokens.js";
import type { WalkResult } from "./walk.js";

/** Gives each queued value its exact digits; false when some cannot be known for sure. */
export function recoverDigits(text: string, walk: WalkResult): boolean {
  const scanned = scanUnsafeNumbers(text);
  const { pending } = walk;
  if (
    walk.ordered &&
    scanned.tokens.length * 3 === pending.length &&
    pairInOrder(text, scanned, pending)
  ) {
    return true;
  }
  return pairByValue(scanned.tokens, pending);
}

/** Powers of ten as doubles, rounded as a token of that many digits would be. */
const pow10 = Array.from({ length: 310 }, (_, i) => Number(`1e${i}`));

/**
 * The i-th token belongs to the i-th value. Each pair is still checked, cheaply: the token is a
 * plain integer, the value of a member of the same name (or an array element when the value is
 * one), with the value's sign and number of digits; every 16th token must parse to exactly its
 * value. A document whose duplicate keys shift the order is caught by these checks unless the
 * shifted tokens share a key name and a number of digits (and miss the sampled check).
 */
function pairInOrder(text: string, scanned: UnsafeTokens, pending: unknown[]): boolean {
  const { tokens, starts } = scanned;
  for (let i = 0, j = 0; j < tokens.length; i += 3, j++) {
    const token = tokens[j] as string;
    const start = starts[j] as number;
    const key = pending[i + 1] as string | number;
    const value = pending[i + 2] as number;
    if (start < 0 || !isValueOf(text, start, key)) return false;
    const negative = token.charCodeAt(0) === 45;
    const digits = token.length - (negative ? 1 : 0);
    const size = negative ? -value : value;
    if (
      !(size >= (pow10[digits - 1] ?? 0) && size <= (pow10[digits] ?? Number.POSITIVE_INFINITY))
    ) {
      return false;
    }
    const exact = BigInt(token);
    if ((j & 15) === 0 && Number(exact) !== value) return false;
    setOwn(pending[i] as object, key, exact);
  }
  return true;
}

/** Each queued value takes the one token text that parses to it, when there is only one. */
function pairByValue(tokens: readonly string[], pending: unknown[]): boolean {
  const index = indexTokens(tokens);
  for (let i = 0; i < pending.length; i += 3) {
    const digits = index.get(pending[i + 2] as number);
    if (typeof digits !== "string") return false;
    setOwn(pending[i] as object, pending[i + 1] as string | number, BigInt(digits));
  }
  return true;
}
