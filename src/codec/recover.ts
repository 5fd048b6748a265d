/**
 * Digits for the numbers past 2^53 met by the walk, read from the text.
 *
 * First try (`InOrderPairer`): at the first such number, one forward scan lists the unsafe number
 * tokens of the text in document order; as the walk goes on in document order, each number takes
 * the next token, while it is still in cache. When the walk ends having used every token, every
 * token was one of the walk's numbers and the pairing is exact. Each pair is also checked, cheaply
 * (see `pairNext`). Any doubt (a token left over: a long number in a field that is not a bigint;
 * array-index keys; a failed check) throws `PAIR_FAILED`, and the caller decodes again with the
 * second way (`collectUnsafe` then `pairByValue`): tokens matched by value, which works whenever no
 * two different texts round to the same double. Past that, the exact parser decides.
 */
import { setOwn } from "./leaf.js";
import {
  indexTokens,
  isValueOf,
  scanUnsafeNumbers,
  tokenCount,
  type UnsafeTokens,
} from "./number-tokens.js";
import type { UnsafeSink } from "./walk.js";

/** Thrown (without a stack) when pairing in document order cannot be trusted. */
export const PAIR_FAILED: { readonly pairFailed: true } = Object.freeze({ pairFailed: true });

/** Powers of ten as doubles, rounded as a token of that many digits would be. */
const pow10 = Array.from({ length: 310 }, (_, i) => Number(`1e${i}`));

/** Pairs the walk's unsafe numbers with the text's unsafe tokens, one to one, in order. */
export class InOrderPairer implements UnsafeSink {
  private spans: number[] | undefined;
  private next = 0;

  constructor(private readonly text: string) {}

  unsafe(holder: object, key: string | number, value: number): void {
    this.spans ??= scanUnsafeNumbers(this.text).spans;
    if (!pairNext(this.text, this.spans, this.next, key, value, holder)) throw PAIR_FAILED;
    this.next += 2;
  }

  reordered(): void {
    if (this.spans !== undefined) throw PAIR_FAILED;
    // Nothing paired yet: with no tokens listed, any unsafe number from here on fails to pair.
    this.spans = [];
  }

  /** Throws `PAIR_FAILED` unless every token was used. */
  finish(): void {
    if (this.spans !== undefined && this.next !== this.spans.length) throw PAIR_FAILED;
  }
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

/** A sink that queues the unsafe numbers as `[holder, key, value, …]`. */
export function collectUnsafe(pending: unknown[]): UnsafeSink {
  return {
    unsafe: (holder, key, value) => {
      pending.push(holder, key, value);
    },
    reordered: () => {},
  };
}

/** Each queued value takes the one token text that parses to it; false when there is not one. */
export function pairByValue(text: string, pending: unknown[]): boolean {
  const scanned: UnsafeTokens = scanUnsafeNumbers(text);
  if (tokenCount(scanned) === 0) return false;
  const index = indexTokens(text, scanned);
  for (let i = 0; i < pending.length; i += 3) {
    const digits = index.get(pending[i + 2] as number);
    if (typeof digits !== "string") return false;
    setOwn(pending[i] as object, pending[i + 1] as string | number, BigInt(digits));
  }
  return true;
}
