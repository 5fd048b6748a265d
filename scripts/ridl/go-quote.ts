/**
 * Go's `%q` formatting of a string (`strconv.Quote`), used in syntax error messages such as
 * `4:1: error near "\ufeff": unexpected token`.
 */

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
  for (const r of s) {
    const named = NAMED[r];
    if (named !== undefined) {
      out += named;
      continue;
    }
    if (PRINTABLE.test(r)) {
      out += r;
      continue;
    }
    const cp = r.codePointAt(0) ?? 0;
    if (cp < 0x20 || cp === 0x7f) out += `\\x${hex(cp, 2)}`;
    else if (cp > 0xffff) out += `\\U${hex(cp, 8)}`;
    else out += `\\u${hex(cp, 4)}`;
  }
  return `${out}"`;
}
