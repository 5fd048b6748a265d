/**
 * Digits for the numbers past 2^53 that the walk met, read back from the text (`docs/codec.md`,
 * step 2). With as many keys in the text as properties walked (no duplicate key) and the visit in
 * document order (no array-index key), the i-th unsafe token is the i-th such number, which
 * becomes the token's exact `bigint`, on a bigint path or not. Otherwise the exact parser decides.
 * When the text was scanned before the walk, the walk has already paired them (`walk.ts`), and
 * this only checks that the pairing held.
 */
import { setOwn } from "./leaf.js";
import type { UnsafeTokens } from "./number-tokens.js";
import type { WalkState } from "./walk.js";

/**
 * Gives each queued value its exact digits, or checks those the walk gave; false when some
 * cannot be known for sure (the caller then drops the value for the exact parser's).
 */
export function recoverDigits(text: string, st: WalkState, tokens: UnsafeTokens): boolean {
  const { spans, integralFraction, keys } = tokens;
  // A whole number written `1.0` or `1e20` may sit in a bigint field, which must refuse it, or be
  // past 2^53 elsewhere: only the exact parser knows where it is.
  if (integralFraction) return false;
  if (!st.ordered || keys !== st.properties) return false;
  // Digits already taken during the walk: right when every token was taken, one each.
  if (st.spans !== undefined) return !st.misplaced && st.taken === spans.length;
  const { pending } = st;
  if (spans.length * 3 !== pending.length * 2) return false;
  for (let i = 0, j = 0; i < pending.length; i += 3, j += 2) {
    if (!place(pending, i, text.slice(spans[j], spans[j + 1]))) return false;
  }
  return true;
}

/** Stores queued value `i`'s exact form; false for a number no double holds (`1e400`). */
function place(pending: unknown[], i: number, token: string): boolean {
  if (!Number.isFinite(pending[i + 2] as number)) return false;
  setOwn(pending[i] as object, pending[i + 1] as string | number, BigInt(token));
  return true;
}
