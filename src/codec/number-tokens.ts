/**
 * Number tokens that `JSON.parse` could not keep exactly, read back from the text in one forward
 * scan that skips strings with `indexOf` (`docs/codec.md`, step 2). Tokens are kept as offsets,
 * so that no string is made until one is needed. The same scan counts the nesting and the values:
 * run before `JSON.parse`, it refuses a text nesting past a bound, or holding more values than a
 * bound, before any of it is built (a 32 MB body of nested arrays costs `JSON.parse` half a
 * minute and 1.5 GB; 30 MB of `[[]]` seconds and a gigabyte), at no extra pass.
 */
import { sampleRate } from "./name-sample.js";

/**
 * Unsafe number tokens in document order: token `j` spans `[spans[2j], spans[2j+1])`, its start
 * stored as `-1 - start` when it is a fraction or exponent form.
 */
export interface UnsafeTokens {
  /** Start and end offset of each token. */
  spans: number[];
  /** Some fraction or exponent token (`1.0`, `2e3`) has a whole value, which `JSON.parse` hides. */
  integralFraction: boolean;
  /** Number of object keys in the text (strings followed by `:`), duplicates included. */
  keys: number;
  /**
   * Offset of the first `[` or `{` that opens a level deeper than the scan's bound, or `-1`; the
   * scan stops there, so the other fields are then incomplete.
   */
  deepAt: number;
  /** Arrays and objects counted (up to where the scan stopped). */
  containers: number;
  /** Values counted: arrays, objects, strings (keys included), numbers, literals. */
  values: number;
  /**
   * Offset of the first value past the scan's bounds on containers, values or distinct key names
   * (the key that passed them), or `-1`; the scan stops there, so the other fields are then
   * incomplete. Which bound it was: the one its count passes (`containers`, `values`), else the
   * names.
   */
  denseAt: number;
}

/**
 * Most arrays and objects, most values, and most distinct key names a scan lets through before
 * it stops. Key names are bounded apart: `JSON.parse` builds objects of names it has seen before
 * cheaply, but each new name costs a string and a shape (30 MB of 8-member objects whose names
 * never repeat took 2.6 s and 0.9 GB, as many objects of the same names 0.4 s). A names bound of
 * 2,048 or more is kept on a random sample of the keys, in probability rather than to the name
 * (`name-sample.ts` says how closely).
 */
export interface ScanBounds {
  readonly containers: number;
  readonly values: number;
  readonly names: number;
}

const NO_BOUND = Number.POSITIVE_INFINITY;
const UNBOUNDED: ScanBounds = { containers: NO_BOUND, values: NO_BOUND, names: NO_BOUND };

const MAX_SAFE_16 = "9007199254740991";

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/**
 * The unsafe number tokens of a JSON text, its number of keys, where it first nests deeper than
 * `maxDepth` levels, and where it first holds more arrays and objects, or more values, than
 * `bounds` allows. Any text is scanned to its end or to the first such point (strings skipped,
 * their brackets being text); the tokens and keys mean something only for a text `JSON.parse`
 * accepts. The bounds are what keeps `JSON.parse` from building millions of values out of a body
 * within the byte limit: 30 MB of `[[]]` is 12 million arrays, seconds and a gigabyte.
 *
 * @example
 * scanUnsafeNumbers("[[[]]]", 2).deepAt; // 2
 * scanUnsafeNumbers('{"a":9007199254740993}').spans; // [5, 21]
 * scanUnsafeNumbers("[[],[],[]]", 10, { containers: 3, values: 100 }).denseAt; // 7
 */
export function scanUnsafeNumbers(
  text: string,
  maxDepth = NO_BOUND,
  bounds: ScanBounds = UNBOUNDED,
): UnsafeTokens {
  const out: UnsafeTokens = {
    spans: [],
    integralFraction: false,
    keys: 0,
    deepAt: -1,
    containers: 0,
    values: 0,
    denseAt: -1,
  };
  const n = text.length;
  const maxValues = bounds.values;
  // A key takes at least 4 characters (`"":0` and a comma or brace), so a text too short to hold
  // more keys than the bound needs no count of their names: small answers pay nothing for it.
  const names = n / 4 > bounds.names ? new Set<string>() : undefined;
  const rate = sampleRate(bounds.names);
  let i = 0;
  let depth = 0;
  let values = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      if (++values > maxValues) break;
      const start = i;
      let q = text.indexOf('"', i + 1);
      if (text.charCodeAt(q - 1) === 92) q = escapedStringEnd(text, q);
      i = q < 0 ? n : q + 1;
      let d = text.charCodeAt(i);
      while (isSpace(d)) d = text.charCodeAt(++i);
      // The colon after a key is stepped over here, which saves a turn of the loop for each of
      // the text's millions of members. (The comma after a value too measured 0–3 ms of 92 on
      // the 10k search: within the noise, for 13 bytes of every client bundle.)
      if (d === 58) {
        out.keys++;
        // Each key counted with probability 1 / rate (`name-sample.ts`).
        if (
          names !== undefined &&
          Math.random() * rate < 1 &&
          names.add(text.slice(start + 1, q)).size * rate > bounds.names
        ) {
          i = start;
          break;
        }
        i++;
      }
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      if (++values > maxValues) break;
      i = readNumber(text, i, out);
    } else {
      if (c === 91 || c === 123) {
        if (++depth > maxDepth) {
          out.deepAt = i;
          break;
        }
        if (++values > maxValues || ++out.containers > bounds.containers) break;
      } else if (c === 93 || c === 125) {
        depth--;
      } else if (c === 116 || c === 102 || c === 110) {
        // true, false, null: counted at their first letter (no other letter of theirs is t, f, n)
        if (++values > maxValues) break;
      }
      i++;
    }
  }
  out.values = values;
  if (i < n && out.deepAt < 0) out.denseAt = i;
  return out;
}

/** Reads the number token at `start`, records it in `out` when it matters; returns its end. */
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
  for (;;) {
    let k = q; // an odd number of backslashes before it escapes the quote
    while (k > 0 && text.charCodeAt(k - 1) === 92) k--;
    if (q <= 0 || (q - k) % 2 === 0) return q;
    q = text.indexOf('"', q + 1);
  }
}
