/**
 * Rules between fields (the request rules) written as plain tests.
 *
 * `if: …, then: …`: ajv checks
 * the condition by counting errors it never keeps, drops them, runs `then`, and keeps an `if` error
 * for when `then` failed without ending the validator. When `then` can only fail by returning (it
 * counts nothing: the earlier passes made its verdict `true`), the `if` error is never reached and
 * the count is where it began: the condition becomes a flag cleared where ajv counted, and the
 * bookkeeping goes.
 *
 * "At least one of these is set" (`anyOf` of `required` with `not: {type: "null"}`, at the root):
 * one helper call that passes when one is set, else writes ajv's errors (each field's `required`
 * or `not`, in order, then `anyOf`) and fails.
 *
 * A rule of any other shape stays as ajv wrote it.
 */

/** Where ajv changes the count (as in `validator-settled.ts`). */
const COUNTS = /\berrors(?:\+\+| = )/;
/** Text within one validator function. */
const WITHIN = "(?:(?!function validate).)*?";

const RULE = new RegExp(
  [
    String.raw`const (?<A>_errs\d+) = errors;const (?<B>_errs\d+) = errors;let (?<C>valid\d+) = true;const (?<D>_errs\d+) = errors;`,
    `(?<cond>${WITHIN})`,
    String.raw`var (?<E>_valid\d+) = \k<D> === errors;vErrors = issueCut\(vErrors, errors = \k<B>\);if\(\k<E>\)\{`,
    `(?<then>${WITHIN})`,
    String.raw`var \k<E> = true;\k<C> = \k<E>;\}`,
    String.raw`if\(!\k<C>\)\{vErrors = issueAdd\(vErrors, instancePath, "if", \{failingKeyword: "then"\}\);errors\+\+;validate\d+\.errors = vErrors;return false;\}`,
    String.raw`var (?<F>valid\d+) = \k<A> === errors;(?<next>if\(\k<F>\)\{)?`,
  ].join(""),
  "g",
);

/** One alternative of "at least one of": the field named, not `null`. */
const PRESENT = String.raw`const (?<E>_errs\d+) = errors;if\(data && typeof data == "object" && !Array\.isArray\(data\)\)\{let (?<m>missing\d+);if\(\(data\.(?<k>\w+) === undefined\) && \(\k<m> = "\k<k>"\)\)\{vErrors = issueAdd\(vErrors, instancePath, "required", \{missingProperty: \k<m>\}\);errors\+\+;\}else \{if\(data\.\k<k> !== undefined\)\{if\(data\.\k<k> === null\)\{vErrors = issueAdd\(vErrors, instancePath\+"/\k<k>", "not", \{\}\);errors\+\+;\}\}\}\}var (?<V>_valid\d+) = \k<E> === errors;`;

/** The helper "at least one of" calls. */
export const CONDITION_HELPERS =
  'function issueAnyPresent(f, list, data, instancePath, keys) { if (!(data && typeof data == "object" && !Array.isArray(data)) || keys.some((k) => data[k] !== undefined && data[k] !== null)) return true; for (const k of keys) list = data[k] === undefined ? issueAdd(list, instancePath, "required", { missingProperty: k }) : issueAdd(list, instancePath + "/" + k, "not", {}); f.errors = issueAdd(list, instancePath, "anyOf", {}); return false; }\n';

/** `code` with each root "at least one of" rule (two fields or more) a helper call. */
function compactPresence(code: string): string {
  const start = /const (_errs\d+) = errors;let (valid\d+) = false;/g;
  let out = "";
  let from = 0;
  for (let m = start.exec(code); m !== null; m = start.exec(code)) {
    const [head, a, c] = m as unknown as [string, string, string];
    const keys: string[] = [];
    let at = m.index + head.length;
    for (;;) {
      const branch = new RegExp(`${PRESENT}${c} = ${c} \\|\\| \\k<V>;`, "y");
      branch.lastIndex = at;
      const b = branch.exec(code);
      if (b === null) break;
      keys.push(String(b.groups?.k));
      at = branch.lastIndex;
      if (!code.startsWith(`if(!${c}){`, at)) break;
      at += `if(!${c}){`.length;
    }
    const end = new RegExp(
      String.raw`\}{${Math.max(keys.length - 1, 0)}}if\(!${c}\)\{vErrors = issueAdd\(vErrors, instancePath, "anyOf", \{\}\);errors\+\+;(validate\d+)\.errors = vErrors;return false;\}else \{vErrors = issueCut\(vErrors, errors = ${a}\);\}`,
      "y",
    );
    end.lastIndex = at;
    const e = keys.length >= 2 ? end.exec(code) : null;
    if (e === null) continue;
    out += `${code.slice(from, m.index)}if(!issueAnyPresent(${e[1]}, vErrors, data, instancePath, ${JSON.stringify(keys)})){return false;}`;
    from = end.lastIndex;
    start.lastIndex = from;
  }
  return out + code.slice(from);
}

/** An error the condition counts and never keeps. */
const UNWRITTEN = "vErrors = issueAdd(vErrors);errors++;";

type Groups = Record<string, string | undefined>;

/** `code` (slimmed ajv output) with the rules between fields written as plain tests. */
export function compactConditions(code: string): string {
  return compactPresence(code).replace(RULE, (all: string, ...a: unknown[]) => {
    const g = a.at(-1) as Groups;
    const cond = (g.cond ?? "").split(UNWRITTEN).join(`${g.E} = false;`);
    const then = g.then ?? "";
    const names = [g.A, g.B, g.C, g.D].map((n) => new RegExp(`\\b${n}\\b`));
    const own = names.some((n) => n.test(cond) || n.test(then));
    if (own || COUNTS.test(cond) || COUNTS.test(then)) return all;
    const after = g.next ? "{" : `var ${g.F} = true;`;
    return `var ${g.E} = true;${cond}if(${g.E}){${then}}${after}`;
  });
}
