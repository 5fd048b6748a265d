/**
 * Digits of numbers that `JSON.parse` could not keep exactly, read back from the text.
 *
 * One forward scan skips strings (with `indexOf`, so calldata and addresses cost next to nothing)
 * and looks at every number token outside them. It lists, in document order, the tokens whose value
 * is an integer past 2^53: plain integers of 17 digits or more (16 from 2^53 on), and the rare
 * fraction or exponent forms that reach such a value (kept so that the caller can refuse them).
 * With each token it notes its offset; it also counts the keys of the text (see `recover.ts`).
 */

/**
 * Unsafe number tokens in document order, as offsets (no strings are made until they are needed,
 * which keeps the garbage collector out of the scan): token `j` spans `[spans[2j], spans[2j+1])`,
 * and its start is stored as `-1 - start` when it is a fraction or exponent form.
 */
export interface UnsafeTokens {
  /** Start and end offset of each token. */
  spans: number[];
  /**
   * Whether some fraction or exponent token (`1.0`, `2e3`, `0.99999999999999999`) has a whole
   * value, safe or not. In a bigint field such a token is an error that `JSON.parse` hides.
   */
  integralFraction: boolean;
  /** Number of object keys in the text (strings followed by `:`), duplicates included. */
  keys: number;
}

/** Text of token `j`. */
export function tokenText(text: string, spans: readonly number[], j: number): string {
  const start = spans[2 * j] as number;
  return text.slice(start < 0 ? -1 - start : start, spans[2 * j + 1]);
}

const MAX_SAFE_16 = "9007199254740991";

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/**
 * Long number tokens of a JSON text (which `JSON.parse` has accepted), in document order, and the
 * number of keys.
 */
export function scanUnsafeNumbers(text: string): UnsafeTokens {
  const out: UnsafeTokens = { spans: [], integralFraction: false, keys: 0 };
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      let q = text.indexOf('"', i + 1);
      if (text.charCodeAt(q - 1) === 92) q = escapedStringEnd(text, q);
      i = q < 0 ? n : q + 1;
      let d = text.charCodeAt(i);
      while (isSpace(d)) d = text.charCodeAt(++i);
      if (d === 58) out.keys++;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      i = readNumber(text, i, out);
    } else {
      i++;
    }
  }
  return out;
}

/**
 * Reads the number token at `start` (a `-` or a digit) and records it in `out` when it matters: a
 * plain integer past 2^53 as its span, a fraction or exponent form with a whole value as
 * `integralFraction` (and, past 2^53, as a span stored `-1 - start`). Returns the token's end.
 */
function readNumber(text: string, start: number, out: UnsafeTokens): number {
  const c = text.charCodeAt(start);
  let i = start;
  let d = text.charCodeAt(++i);
  while (d >= 48 && d <= 57) d = text.charCodeAt(++i);
  const intEnd = i;
  while (d === 46 || d === 101 || d === 69 || d === 43 || d === 45 || (d >= 48 && d <= 57)) {
    d = text.charCodeAt(++i);
  }
  const digits = intEnd - start - (c === 45 ? 1 : 0);
  if (i === intEnd) {
    if (digits > 16 || (digits === 16 && text.slice(intEnd - 16, intEnd) > MAX_SAFE_16)) {
      out.spans.push(start, i);
    }
  } else if (mayBeWhole(text, intEnd, i, digits)) {
    const value = Number(text.slice(start, i));
    if (Number.isInteger(value)) {
      out.integralFraction = true;
      if (!Number.isSafeInteger(value)) out.spans.push(-1 - start, i);
    }
  }
  return i;
}

/** Whether the quote at `q` is escaped (preceded by an odd number of backslashes). */
function isEscaped(text: string, q: number): boolean {
  let k = q;
  while (k > 0 && text.charCodeAt(k - 1) === 92) k--;
  return (q - k) % 2 === 1;
}

/**
 * Whether a number with `intDigits` integer digits and the fraction or exponent `[from, to)` may
 * have a whole value, so that only those few are parsed (a USD value such as `1234.5678901234567`
 * is not). An exponent may make any number whole. A fraction does only when it is all zeros
 * (`21000.0`) or when the double nearest the number is an integer: then the fraction is within half
 * an ulp of 0 or 1, that is under `x · 2^-53 < 10^(intDigits - 15.9)`, so its digits start with at
 * least `15 - intDigits` zeros or nines (14 asked here, to keep a margin).
 */
function mayBeWhole(text: string, from: number, to: number, intDigits: number): boolean {
  if (intDigits >= 14 || text.charCodeAt(from) !== 46 || hasExponent(text, from, to)) return true;
  const first = text.charCodeAt(from + 1);
  if (first !== 48 && first !== 57) return false;
  let j = from + 1;
  while (j < to && text.charCodeAt(j) === first) j++;
  return j - from - 1 >= 14 - intDigits || (first === 48 && j === to);
}

function hasExponent(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 101 || c === 69) return true;
  }
  return false;
}

/** Index of the closing quote of a string, given a quote `q` preceded by a backslash. */
function escapedStringEnd(text: string, q: number): number {
  while (q > 0 && isEscaped(text, q)) q = text.indexOf('"', q + 1);
  return q;
}

/**
 * Double value → the one plain integer text that parses to it, or `null` when two different texts,
 * or a fraction or exponent form, parse to it (the digits are then not known for sure).
 */
export function indexTokens(text: string, spans: readonly number[]): Map<number, string | null> {
  const index = new Map<number, string | null>();
  for (let j = 0; 2 * j < spans.length; j++) {
    const token = tokenText(text, spans, j);
    const key = Number(token);
    const entry = (spans[2 * j] as number) >= 0 ? token : null;
    const known = index.get(key);
    if (known === undefined) index.set(key, entry);
    else if (known !== entry) index.set(key, null);
  }
  return index;
}
