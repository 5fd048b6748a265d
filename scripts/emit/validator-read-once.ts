/**
 * A field read once. ajv tests a field's presence by reading it (`if(data.x !== undefined){`),
 * then reads it again into a variable for its checks (`let data3 = data.x;`). Read into the
 * variable first and test that: the same verdicts and errors (a plain object gives the same value
 * twice; an object whose getter does not is read once, as a caller would expect), and each field's
 * name written once instead of twice, which is most of what gzip cannot fold.
 */

import { closing } from "./validator-code.js";

/** A field's presence test followed by its read into a variable. */
const TEST_THEN_READ = /if\((data\d*)\.(\w+) !== undefined\)\{let (data\d+) = \1\.\2;/g;

/**
 * `code` with each field read once: `{let dataN = data.x;if(dataN !== undefined){…}}` (`data` or an
 * enclosing field's variable), an `else`
 * block of the presence test kept on it. A test followed by an `else` that is not a block is left
 * as ajv wrote it.
 */
export function readFieldsOnce(code: string): string {
  let out = "";
  let from = 0;
  for (const m of code.matchAll(TEST_THEN_READ)) {
    const at = m.index;
    if (at < from) continue;
    const [, parent, key, name] = m;
    const open = at + m[0].indexOf("{");
    let end = closing(code, open) + 1;
    if (code.startsWith("else ", end)) {
      if (code[end + 5] !== "{") continue;
      end = closing(code, end + 5) + 1;
    }
    // Rewritten one level at a time: a nested field (a struct held inline) is rewritten inside.
    const body = code.slice(at + m[0].length, end);
    out += `${code.slice(from, at)}{let ${name} = ${parent}.${key};if(${name} !== undefined){${readFieldsOnce(body)}}`;
    from = end;
  }
  return out + code.slice(from);
}
