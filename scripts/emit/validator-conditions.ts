/**
 * A rule between fields (`if: …, then: …`, the request rules) written as a plain test. ajv checks
 * the condition by counting errors it never keeps, drops them, runs `then`, and keeps an `if` error
 * for when `then` failed without ending the validator. When `then` can only fail by returning (it
 * counts nothing: the earlier passes made its verdict `true`), the `if` error is never reached and
 * the count is where it began: the condition becomes a flag cleared where ajv counted, and the
 * bookkeeping goes. A rule of any other shape stays as ajv wrote it.
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

/** An error the condition counts and never keeps. */
const UNWRITTEN = "vErrors = issueAdd(vErrors);errors++;";

type Groups = Record<string, string | undefined>;

/** `code` (slimmed ajv output) with each rule whose `then` only returns written as a plain test. */
export function compactConditions(code: string): string {
  return code.replace(RULE, (all: string, ...a: unknown[]) => {
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
