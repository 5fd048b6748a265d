/**
 * ajv's checks of a count that cannot have moved, dropped from its standalone output. At each
 * field ajv notes the error count (`const _errsN = errors;`) and afterwards tests it again
 * (`var validK = _errsN === errors;`, `if(errors === _errsN){`), so that the next field runs only
 * when this one added no error. A field whose every failure returns at once (no alternative, no
 * condition, no referenced validator in it) never adds one: the count is the same, each test is
 * true, and the chain of `if(validK){` blocks around every later field is dead weight. Such a
 * field's tests go and its block stays; any field that can add an error keeps all of ajv's code.
 */

/** Where ajv changes the count: an error added, a referenced validator's joined, a branch's cut. */
const COUNTS = /\berrors(?:\+\+| = )/;

/** How often `pattern` (a regular expression's source) matches in `text`. */
const count = (text: string, pattern: string) => text.split(new RegExp(pattern)).length - 1;

/** One validator function's code (ajv numbers its `_errsN` from 0 in each) with settled tests gone. */
function settleFunction(code: string): string {
  let out = code;
  for (const [, n] of code.matchAll(/const (_errs\d+) = errors;/g)) {
    // `_errs1` is not `_errs12`: every test is matched as a whole name.
    const test = String.raw`(?:\berrors === ${n}\b|\b${n} === errors\b)`;
    const start = out.indexOf(`const ${n} = errors;`);
    const last = [...out.matchAll(new RegExp(test, "g"))].at(-1)?.index ?? -1;
    if (start < 0 || last < start || COUNTS.test(out.slice(start, last))) continue;
    // Every other mention of the name must be one of the tests this pass rewrites.
    if (count(out, String.raw`\b${n}\b`) !== count(out, test) + 1) continue;
    const v = String.raw`(valid\d+)`;
    out = out
      .replace(`const ${n} = errors;`, "")
      // The field's verdict, then the next field under `if(validK)`: the next field's block alone.
      .replace(
        new RegExp(String.raw`var ${v} = ${n} === errors;\}else \{var \1 = true;\}if\(\1\)\{`, "g"),
        "}{",
      )
      // An item's verdict in a loop over a list: the loop goes on.
      .replace(new RegExp(String.raw`var ${v} = ${n} === errors;if\(!\1\)\{break;\}`, "g"), "");
    out = out
      .replace(new RegExp(String.raw`if\(errors === ${n}\)\{`, "g"), "{")
      .replace(new RegExp(test, "g"), "true");
  }
  return out;
}

/** ajv's standalone code with the tests of counts that cannot have moved dropped. */
export function dropSettledChecks(code: string): string {
  return (
    code
      .split(/(?=function validate\d+\()/)
      .map(settleFunction)
      .join("")
      // A verdict known to be true before the next field: the next field's block alone.
      .replace(/var (valid\d+) = true;\}else \{var \1 = true;\}if\(\1\)\{/g, "}{")
  );
}
