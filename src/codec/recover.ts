/**
 * Digits for the numbers past 2^53 that the walk queued. One forward scan lists the unsafe number
 * tokens of the text in document order. When the walk ran in document order and found exactly as
 * many such values as there are tokens, every token was one of them and the i-th token belongs to
 * the i-th value: they pair up with no lookup. Otherwise (a long number in a field that is not a
 * bigint, duplicate keys, array-index keys) tokens are matched by value, which works whenever no
 * two different texts round to the same double. The caller falls back to the exact parser when
 * neither applies.
 */
import { isDecimalInteger, setOwn } from "./leaf.js";
import { indexTokens, scanUnsafeNumbers, type UnsafeTokens } from "./number-tokens.js";
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

/**
 * The i-th token belongs to the i-th value. Each pair is still checked: the token parses to the
 * value, and sits under the same key (or is an array element when the value is one). A document
 * whose duplicate keys shift the order is caught by these checks, unless the shifted tokens have
 * the same key name and round to the same double.
 */
function pairInOrder(text: string, scanned: UnsafeTokens, pending: unknown[]): boolean {
  const { tokens, keys } = scanned;
  for (let i = 0, j = 0; j < tokens.length; i += 3, j++) {
    const token = tokens[j] as string;
    const key = pending[i + 1] as string | number;
    const keyStart = keys[2 * j] as number;
    if (typeof key === "number") {
      if (keyStart !== -1) return false;
    } else if (keys[2 * j + 1] !== keyStart + key.length || !text.startsWith(key, keyStart)) {
      return false;
    }
    if (!isDecimalInteger(token)) return false;
    const exact = BigInt(token);
    if (Number(exact) !== pending[i + 2]) return false;
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
