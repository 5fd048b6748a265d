/**
 * An optional field that may also be `null`, tested for both at once. ajv tests the field's
 * presence (`if(dataN !== undefined){`), then lets `null` through inside its check
 * (`!(dataN === null || check)`, `test && dataN !== null`). When that check is all the block
 * does, `null` passes it without effect, as an absent field skips it: one test of `dataN != null`
 * before the check says the same. Only checks without calls of other validators are rewritten
 * (such a call, made on `null` too, is left as ajv ordered it), so verdicts, errors and their order
 * are unchanged.
 */

import { closing } from "./validator-code.js";

/** A field's presence test, then its check letting `null` through, as the first statement. */
const PRESENT = /if\((data\d+) !== undefined\)\{/g;

/**
 * The check with `null` let through, rewritten without it: `if(!(x === null || call)){` becomes
 * `if(!call){`, and `if((test) && (x !== null)){` becomes `if(test){`; `undefined` for any other
 * shape.
 */
function withoutNull(check: string, x: string): string | undefined {
  const call = new RegExp(String.raw`^if\(!\(${x} === null \|\| (.*)\)\)\{$`).exec(check);
  if (call?.[1] !== undefined && !/\bvalidate\d+\(/.test(call[1])) return `if(!(${call[1]})){`;
  const test = new RegExp(String.raw`^if\((.*) && \(?${x} !== null\)?\)\{$`).exec(check);
  // Only a chain of `&&`: dropping its last term leaves the others' meaning as it was.
  if (test?.[1] !== undefined && !/\bvalidate\d+\(|\|\|/.test(test[1])) return `if(${test[1]}){`;
  return undefined;
}

/** `code` with each optional, nullable field's two tests made one. */
export function mergeAbsentOrNull(code: string): string {
  let out = "";
  let from = 0;
  for (const m of code.matchAll(PRESENT)) {
    const x = m[1] as string;
    const open = m.index + m[0].length - 1;
    const close = closing(code, open);
    const body = code.slice(open + 1, close);
    // The check: the body's first statement, an `if` whose block ends the body, or is followed
    // only by the field's verdict, written by the `else` too.
    const head = /^if\((?:[^{}"]|"(?:[^"\\]|\\.)*")*\)\{/.exec(body)?.[0];
    if (head === undefined) continue;
    const checkEnd = closing(body, head.length - 1) + 1;
    const rest = body.slice(checkEnd);
    const after = code.slice(close + 1);
    const verdict = /^var (valid\d+) = true;$/.exec(rest)?.[1];
    const passes =
      rest === ""
        ? !after.startsWith("else")
        : verdict !== undefined && after.startsWith(`else {var ${verdict} = true;}`);
    const rewritten = withoutNull(head, x);
    if (!passes || rewritten === undefined) continue;
    out += `${code.slice(from, m.index)}if(${x} != null){${rewritten}${body.slice(head.length)}`;
    from = close;
  }
  return out + code.slice(from);
}
