/**
 * A referenced validator's failure ends the validator at once. ajv appends the referenced
 * validator's errors to the list (`vErrors = issueJoin(vErrors, validateK.errors);errors =
 * vErrors.length;`) and lets the count skip every later check (allErrors off), down to the end:
 * `validateN.errors = vErrors;return errors === 0;`. In a validator that collects no other error
 * (no alternative, no condition: no `errors++`, no `issueCut`), the list is empty before the first
 * such failure, so the end writes the referenced validator's errors and returns `false`: the same
 * as returning there, `issueFrom(validateN, validateK)`. The list is then `null` wherever it is
 * read, so a list joined to it (a nullable field's failure: `issueJoin(vErrors, validateK.errors)`)
 * is that list itself. Any other validator stays as it was.
 */

/** A referenced validator's errors appended, then the count set (and a loop left, for an item). */
const JOINED =
  /vErrors = issueJoin\(vErrors, (validate\d+)\.errors\);errors = vErrors\.length;(break;)?/g;

/** The helper the rewritten sites call. */
export const JOINED_HELPERS = "function issueFrom(f, g) { f.errors = g.errors; return false; }\n";

/** One validator function's code with each referenced validator's failure a return, or as it was. */
function endInFunction(code: string): string {
  const name = /^function (validate\d+)\(/.exec(code)?.[1];
  if (name === undefined || /errors\+\+|issueCut\(/.test(code)) return code;
  // The list is written by these joins only (its declaration aside).
  const writes = code.match(/\bvErrors = /g)?.length ?? 0;
  const joins = code.match(JOINED)?.length ?? 0;
  if (writes !== joins + 1) return code;
  // The list is `null` wherever it is read: a list joined to it is that list itself.
  return code
    .replace(JOINED, (_all, from: string) => `return issueFrom(${name}, ${from});`)
    .replace(/issueJoin\(vErrors, (validate\d+\.errors)\)/g, "$1");
}

/** `code` with referenced validators' failures made returns where nothing else is collected. */
export function endAtJoins(code: string): string {
  return code
    .split(/(?=function validate\d+\()/)
    .map(endInFunction)
    .join("");
}
