/**
 * Digits for the numbers past 2^53 that the walk queued. One forward scan lists the unsafe number
 * tokens of the text in document order. When the walk ran in document order and queued exactly as
 * many values as there are tokens, every token was one of them and the i-th token belongs to the
 * i-th value: they pair up with no lookup (each pair is still checked, cheaply: see `pairNext`).
 * Otherwise (a long number in a field that is not a bigint, duplicate keys, array-index keys, a
 * failed check) tokens are matched by value, which works whenever no two different texts round to
 * the same double. The caller falls back to the exact parser when neither applies.
 */
import { setOwn } from "./leaf.js";
import { indexTokens, isValueOf, scanUnsafeNumbers } from "./number-tokens.js";
import type { UnsafeSink } from "./walk.js";

/** Powers of ten as doubles, rounded as a token of that many digits would be. */
const pow10 = Array.from({ length: 310 }, (_, i) => Number(`1e${i}`));

/** The unsafe numbers met by the walk, as `[holder, key, value, …]`, and whether in text order. */
export class UnsafeQueue implements UnsafeSink {
  readonly pending: unknown[] = [];
  ordered = true;
  sawNumber = false;

  unsafe(holder: object, key: string | number, value: number): void {
    this.sawNumber = true;
    this.pending.push(holder, key, value);
  }

  reordered(): void {
    this.ordered = false;
  }
}

/** Gives each queued value its exact digits; false when some cannot be known for sure. */
export function recoverDigits(text: string, queue: UnsafeQueue): boolean {
  const { spans, integralFraction } = scanUnsafeNumbers(text);
  // A whole number written as a fraction or exponent (`1.0`, `1e2`) may sit in a bigint field,
  // which must refuse it: only the exact parser knows which field each token is in.
  if (integralFraction) return false;
  const { pending } = queue;
  if (queue.ordered && spans.length * 3 === pending.length * 2) {
    let ok = true;
    for (let i = 0, j = 0; ok && j < spans.length; i += 3, j += 2) {
      ok = pairNext(
        text,
        spans,
        j,
        pending[i + 1] as string | number,
        pending[i + 2] as number,
        pending[i] as object,
      );
    }
    if (ok) return true;
  }
  return pairByValue(text, spans, pending);
}

/**
 * Gives `holder[key]` the digits of the token at `spans[j]`, after checking, cheaply, that the
 * token is a plain integer, the value of a member of the same name (or an array element), with the
 * value's sign and number of digits; every 16th token must parse to exactly the value. A document
 * whose duplicate keys shift the order passes these checks only if the shifted tokens share a key
 * name and a number of digits and miss the sampled check.
 */
function pairNext(
  text: string,
  spans: number[],
  j: number,
  key: string | number,
  value: number,
  holder: object,
) {
  if (j >= spans.length) return false;
  const start = spans[j] as number;
  const end = spans[j + 1] as number;
  if (start < 0 || !isValueOf(text, start, key)) return false;
  const negative = text.charCodeAt(start) === 45;
  const digits = end - start - (negative ? 1 : 0);
  const size = negative ? -value : value;
  if (!(size >= (pow10[digits - 1] ?? 0) && size <= (pow10[digits] ?? Number.POSITIVE_INFINITY))) {
    return false;
  }
  const exact = BigInt(text.slice(start, end));
  if ((j & 31) === 0 && Number(exact) !== value) return false;
  setOwn(holder, key, exact);
  return true;
}

/** Each queued value takes the one token text that parses to it; false when there is not one. */
function pairByValue(text: string, spans: number[], pending: unknown[]): boolean {
  const index = indexTokens(text, spans);
  for (let i = 0; i < pending.length; i += 3) {
    const digits = index.get(pending[i + 2] as number);
    if (typeof digits !== "string") return false;
    setOwn(pending[i] as object, pending[i + 1] as string | number, BigInt(digits));
  }
  return true;
}
