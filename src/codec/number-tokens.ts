/**
 * Digits of numbers that `JSON.parse` could not keep exactly, read back from the text.
 *
 * One forward scan skips strings (with `indexOf`, so calldata and addresses cost next to nothing)
 * and looks at every number token outside them. It lists, in document order, the tokens whose value
 * is an integer past 2^53: plain integers of 17 digits or more (16 from 2^53 on), and the rare
 * fraction or exponent forms that reach such a value (kept so that the caller can refuse them).
 * With each token it notes where the key before it is (for a member value), so that the caller
 * can check that a token and a value sit under the same name.
 */

/** Unsafe number tokens in document order, with the key each one is the value of. */
export interface UnsafeTokens {
  /** Token texts. */
  readonly tokens: string[];
  /** Per token, start and end offsets of its key's text (inside the quotes), or -1, -1. */
  readonly keys: number[];
}

const MAX_SAFE_16 = "9007199254740991";

/** Long number tokens of a JSON text (which `JSON.parse` has accepted), in document order. */
export function scanUnsafeNumbers(text: string): UnsafeTokens {
  const tokens: string[] = [];
  const keys: number[] = [];
  const n = text.length;
  let i = 0;
  let last = 0; // last character outside strings and numbers that is not white space
  let stringStart = -1;
  let stringEnd = -1;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      let q = text.indexOf('"', i + 1);
      if (text.charCodeAt(q - 1) === 92) q = escapedStringEnd(text, q);
      stringStart = i + 1;
      stringEnd = q;
      last = 34;
      i = q < 0 ? n : q + 1;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      const start = i;
      let d = text.charCodeAt(++i);
      while (d >= 48 && d <= 57) d = text.charCodeAt(++i);
      const intEnd = i;
      while (d === 46 || d === 101 || d === 69 || d === 43 || d === 45 || (d >= 48 && d <= 57)) {
        d = text.charCodeAt(++i);
      }
      const digits = intEnd - start - (c === 45 ? 1 : 0);
      if (i === intEnd) {
        if (digits > 16 || (digits === 16 && text.slice(intEnd - 16, intEnd) > MAX_SAFE_16)) {
          tokens.push(text.slice(start, i));
          if (last === 58) keys.push(stringStart, stringEnd);
          else keys.push(-1, -1);
        }
      } else if (digits >= 16 || hasExponent(text, intEnd, i)) {
        const token = text.slice(start, i);
        const value = Number(token);
        if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
          tokens.push(token);
          if (last === 58) keys.push(stringStart, stringEnd);
          else keys.push(-1, -1);
        }
      }
      last = 48;
    } else {
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) last = c;
      i++;
    }
  }
  return { tokens, keys };
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
  while (q > 0 && text.charCodeAt(q - 1) === 92) {
    let k = q - 1;
    while (text.charCodeAt(k - 1) === 92) k--;
    if ((q - k) % 2 === 0) break;
    q = text.indexOf('"', q + 1);
  }
  return q;
}

/**
 * Double value → the one plain integer text that parses to it, or `null` when two different texts,
 * or a fraction or exponent form, parse to it (the digits are then not known for sure).
 */
export function indexTokens(tokens: readonly string[]): Map<number, string | null> {
  const index = new Map<number, string | null>();
  for (const token of tokens) {
    const key = Number(token);
    const entry = /^-?[0-9]+$/.test(token) ? token : null;
    const known = index.get(key);
    if (known === undefined) index.set(key, entry);
    else if (known !== entry) index.set(key, null);
  }
  return index;
}
