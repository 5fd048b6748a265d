/**
 * Digits of numbers that `JSON.parse` could not keep exactly, read back from the text.
 *
 * One forward scan skips strings (with `indexOf`, so calldata and addresses cost next to nothing)
 * and looks at every number token outside them. Tokens that may be past 2^53 (16 or more integer
 * digits, or an exponent) are indexed by the double `JSON.parse` made of them. A double reached by
 * one plain integer text only maps back to those digits; one reached by two different texts, or by
 * a fraction or an exponent, maps to `null` and the caller decodes exactly instead.
 */

/** Double value → the one plain integer text that parses to it, or `null` when that is not known. */
export type NumberIndex = Map<number, string | null>;

/** Index of the long number tokens of a JSON text (which `JSON.parse` has accepted). */
export function indexLongNumbers(text: string): NumberIndex {
  const index: NumberIndex = new Map();
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      i = stringEnd(text, i + 1) + 1;
    } else if ((c >= 48 && c <= 57) || c === 45) {
      const start = i;
      i++;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      const intEnd = i;
      let plain = true;
      while (i < n && isNumberTail(text.charCodeAt(i))) {
        if (isExponent(text.charCodeAt(i))) plain = false;
        i++;
      }
      const digits = intEnd - start - (c === 45 ? 1 : 0);
      if (digits >= 16 || !plain) record(index, text.slice(start, i), plain && i === intEnd);
    } else {
      i++;
    }
  }
  return index;
}

function record(index: NumberIndex, token: string, integer: boolean) {
  const key = Number(token);
  const known = index.get(key);
  const entry = integer ? token : null;
  if (known === undefined) index.set(key, entry);
  else if (known !== entry) index.set(key, null);
}

/** Index of the closing quote of the string whose contents start at `from`. */
function stringEnd(text: string, from: number): number {
  let q = text.indexOf('"', from);
  while (q > 0 && text.charCodeAt(q - 1) === 92) {
    let k = q - 1;
    while (text.charCodeAt(k - 1) === 92) k--;
    if ((q - k) % 2 === 0) break;
    q = text.indexOf('"', q + 1);
  }
  return q < 0 ? text.length : q;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isExponent = (c: number) => c === 101 || c === 69;
/** Fraction, exponent and digits after the integer part. */
const isNumberTail = (c: number) =>
  (c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45;
