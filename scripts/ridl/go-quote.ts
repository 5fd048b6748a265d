/**
 * Go's `%q` formatting of a string (`strconv.Quote`), used in syntax error messages such as
 * `4:1: error near "\ufeff": unexpected token`.
 */

import { sequenceLength } from "./utf8.js";

const NAMED: Readonly<Record<string, string>> = {
  "\x07": "\\a",
  "\b": "\\b",
  "\f": "\\f",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\v": "\\v",
  '"': '\\"',
  "\\": "\\\\",
};

/** Go's `unicode.IsPrint`: letters, marks, numbers, punctuation, symbols and the ASCII space. */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

const hex = (n: number, width: number): string => n.toString(16).padStart(width, "0");

/** Quotes `s` exactly as Go's `strconv.Quote` does for valid UTF-8 input. */
export function goQuote(s: string): string {
  let out = '"';
  for (const r of s) out += quoteRune(r);
  return `${out}"`;
}

/** Go's `strconv.Quote` of raw bytes: a byte that is not valid UTF-8 prints as `\xNN`. */
export function goQuoteBytes(bytes: Uint8Array): string {
  let out = '"';
  for (let i = 0; i < bytes.length; ) {
    const n = sequenceLength(bytes, i);
    if (n === 0) {
      out += `\\x${hex(bytes[i] as number, 2)}`;
      i++;
    } else {
      out += quoteRune(Buffer.from(bytes.subarray(i, i + n)).toString("utf8"));
      i += n;
    }
  }
  return `${out}"`;
}

/** One rune as `strconv.Quote` writes it. */
function quoteRune(r: string): string {
  const named = NAMED[r];
  if (named !== undefined) return named;
  if (PRINTABLE.test(r)) return r;
  const cp = r.codePointAt(0) ?? 0;
  if (cp < 0x20 || cp === 0x7f) return `\\x${hex(cp, 2)}`;
  if (cp > 0xffff) return `\\U${hex(cp, 8)}`;
  return `\\u${hex(cp, 4)}`;
}
