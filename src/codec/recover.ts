/**
 * Digits for the numbers past 2^53 that the walk queued, read back from the text.
 *
 * One forward scan lists the unsafe number tokens of the text in document order and counts its
 * keys. When the text has exactly as many keys as the walk met properties, it has no duplicate
 * key, so every token of the text is a value of the decoded graph; the walk, in document order,
 * queued every number past 2^53 of that graph, and the scan listed every token past 2^53: the two
 * lists are the same numbers in the same order, and the i-th token belongs to the i-th value with
 * no lookup and no guess. Otherwise (duplicate keys, array-index keys that reorder a visit)
 * tokens are matched by value, which is exact whenever no two different texts round to the same
 * double; the caller falls back to the exact parser when that does not hold either.
 *
 * Every queued value becomes the token's exact `bigint`, on a bigint path or not: no integer
 * past 2^53 leaves the codec as a `number`.
 */
import { setOwn } from "./leaf.js";
import { indexTokens, scanUnsafeNumbers } from "./number-tokens.js";
import type { WalkState } from "./walk.js";

/** Gives each queued value its exact digits; false when some cannot be known for sure. */
export function recoverDigits(text: string, st: WalkState): boolean {
  const { spans, integralFraction, keys } = scanUnsafeNumbers(text);
  // A whole number written as a fraction or exponent (`1.0`, `1e20`) may sit in a bigint field,
  // which must refuse it, or be past 2^53 elsewhere: only the exact parser knows where it is.
  if (integralFraction) return false;
  const { pending } = st;
  if (st.ordered && keys === st.properties && spans.length * 2 === pending.length) {
    for (let i = 0, j = 0; i < pending.length; i += 4, j += 2) {
      if (!place(pending, i, text.slice(spans[j], spans[j + 1]))) return false;
    }
    return true;
  }
  const index = indexTokens(text, spans);
  for (let i = 0; i < pending.length; i += 4) {
    const digits = index.get(pending[i + 2] as number);
    if (typeof digits !== "string" || !place(pending, i, digits)) return false;
  }
  return true;
}

/** Stores the queued value `i`'s exact form; false for a number no double holds (`1e400`). */
function place(pending: unknown[], i: number, token: string): boolean {
  const value = pending[i + 2] as number;
  if (!Number.isFinite(value)) return false;
  setOwn(pending[i] as object, pending[i + 1] as string | number, BigInt(token));
  return true;
}
