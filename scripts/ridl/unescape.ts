/**
 * Decoding of composed values (quoted strings, literals, paths, type expressions, meta).
 *
 * webrpc walks the UTF-8 bytes of the value and appends each byte as its own code point, so
 * every non-ASCII character comes out as mojibake (`é` → `Ã©`). This is reproduced on purpose:
 * it is what webrpc's JSON (and therefore its schema hash) contains.
 */
import { EscapeError } from "./errors.js";

/**
 * Decodes `\n`, `\t` and `\"`; any other escape is an error, as is a trailing backslash.
 * Bytes ≥ 0x80 become U+0080–U+00FF.
 */
export function unescapeValue(value: string): string {
  const bytes = Buffer.from(value, "utf8");
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b !== 0x5c) {
      out += String.fromCharCode(b);
      continue;
    }
    i++;
    if (i >= bytes.length) throw new EscapeError("unexpected end after backslash");
    const next = bytes[i] as number;
    if (next === 0x6e) out += "\n";
    else if (next === 0x74) out += "\t";
    else if (next === 0x22) out += '"';
    else throw new EscapeError("unexpected character '\\\\' after backslash");
  }
  return out;
}
