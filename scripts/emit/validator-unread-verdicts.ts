/**
 * Verdicts nobody reads, dropped. ajv closes a field's checks with `var validN = true;` (in both
 * branches of an optional field's presence test) so that the next field may test it; once the
 * settled tests are gone (`validator-settled.ts`) many of these are written and never read again.
 * A `var` that is only ever set to `true` and never read changes nothing, yet the minifier keeps
 * it (a `var` is the function's, not the block's). A verdict read anywhere in its function stays.
 */

/** One validator function's code without the verdicts it only writes. */
function dropInFunction(code: string): string {
  let out = code;
  for (const name of new Set(Array.from(code.matchAll(/var (valid\d+) = true;/g), (m) => m[1]))) {
    const mentions = out.match(new RegExp(String.raw`\b${name}\b`, "g"))?.length ?? 0;
    const writes = out.split(`var ${name} = true;`).length - 1;
    if (mentions === writes) out = out.split(`var ${name} = true;`).join("");
  }
  return out;
}

/** `code` with each validator's unread `var validN = true;` statements dropped. */
export function dropUnreadVerdicts(code: string): string {
  return code
    .split(/(?=function validate\d+\()/)
    .map(dropInFunction)
    .join("");
}
