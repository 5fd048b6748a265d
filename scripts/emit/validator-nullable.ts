/**
 * Tests of `null` written shorter than ajv's general code for them.
 *
 * An optional field whose schema is `anyOf: [S, {type: "null"}]` (a referenced struct, an open
 * enum, a list that Go servers write as `null`). ajv's code runs the branch of
 * `S`, then, if it added errors, the `null` branch; when both fail it adds `type` and `anyOf`
 * errors and returns, else it drops what the branches added. The same in one test: after `S`'s
 * branch (kept as ajv wrote it), fail with the same two errors when it added any and the value is
 * not `null`, else drop them. Only sites that end the validator are rewritten (allErrors off,
 * outside other alternatives), so the count is back where it was whenever the field passes.
 */

const NULLABLE_ANY_OF = new RegExp(
  [
    String.raw`const (?<A>_errs\d+) = errors;const (?<B>_errs\d+) = errors;let (?<C>valid\d+) = false;const (?<E>_errs\d+) = errors;`,
    // The first branch, within the one validator function.
    "(?<branch>(?:(?!function validate).)*?)",
    String.raw`var (?<G>_valid\d+) = \k<E> === errors;\k<C> = \k<C> \|\| \k<G>;`,
    String.raw`if\(!\k<C>\)\{const (?<H>_errs\d+) = errors;if\((?<x>[\w.]+) !== null\)\{`,
    String.raw`vErrors = issueAdd\(vErrors, (?<p>[^,]+), "type", \{type: "null"\}\);errors\+\+;\}`,
    String.raw`var \k<G> = \k<H> === errors;\k<C> = \k<C> \|\| \k<G>;\}`,
    String.raw`if\(!\k<C>\)\{vErrors = issueAdd\(vErrors, \k<p>, "anyOf", \{\}\);errors\+\+;`,
    String.raw`(?<f>validate\d+)\.errors = vErrors;return false;\}`,
    String.raw`else \{vErrors = issueCut\(vErrors, errors = \k<B>\);\}`,
    String.raw`var (?<K>valid\d+) = \k<A> === errors;`,
  ].join(""),
  "g",
);

/**
 * A field that must not be `null` (`not: {type: "null"}`, the request rules' "this one is set"):
 * ajv counts an unwritten error when the value is not `null`, drops it, and fails `not` when there
 * was none (an error of its own, or an unwritten one inside a rule's condition). The same: fail
 * `not` when the value is `null`.
 */
const NOT_NULL = new RegExp(
  [
    String.raw`const (?<S>_errs\d+) = errors;const (?<F>_errs\d+) = errors;`,
    String.raw`if\((?<x>[\w.]+) !== null\)\{vErrors = issueAdd\(vErrors\);errors\+\+;\}`,
    String.raw`var (?<C>valid\d+) = \k<F> === errors;`,
    String.raw`if\(\k<C>\)\{(?<fail>vErrors = issueAdd\(vErrors(?:, [^,]+, "not", \{\})?\);errors\+\+;|return issueEnd\(validate\d+, [^,]+, "not", \{\}\);)\}`,
    String.raw`else \{vErrors = issueCut\(vErrors, errors = \k<S>\);\}`,
  ].join(""),
  "g",
);

/**
 * The helpers the rewritten sites call: the `anyOf` error after the branches' own, then fail; the
 * `null` branch's `type` error before it (`issueNull`), written once instead of at every site; and
 * the commonest such failure, a field of one type or `null` that is neither (its two `type`
 * errors, then `anyOf`).
 */
export const NULLABLE_HELPERS =
  'function issueAnyOf(f, list, instancePath) { f.errors = issueAdd(list, instancePath, "anyOf", {}); return false; }\n' +
  'function issueNull(f, list, instancePath) { return issueAnyOf(f, issueAdd(list, instancePath, "type", { type: "null" }), instancePath); }\n' +
  'function issueTypeOrNull(f, list, instancePath, type) { return issueNull(f, issueAdd(list, instancePath, "type", { type }), instancePath); }\n';

type Groups = Record<string, string>;

/**
 * `code` (slimmed ajv output) with each `not: {type: "null"}` in one test, and each `anyOf: [S,
 * null]` field that ends the validator shorter.
 */
export function compactNullable(code: string): string {
  return code
    .replace(NOT_NULL, (...a: unknown[]) => {
      const g = a.at(-1) as Groups;
      return `if(${g.x} === null){${g.fail}}`;
    })
    .replace(NULLABLE_ANY_OF, (...a: unknown[]) => {
      const g = a.at(-1) as Groups;
      const failNull = (list: string) => `return issueNull(${g.f}, ${list}, ${g.p});`;
      const branch = g.branch ?? "";
      // The first branch a type alone, or a referenced validator alone: it fails exactly when
      // the type test fails or the call returns false, and nothing need be counted or dropped.
      const type =
        /^if\(typeof (\w+) !== "(\w+)"\)\{vErrors = issueAdd\(vErrors, ([^,]+), "type", \{type: "\2"\}\);errors\+\+;\}$/.exec(
          branch,
        );
      if (type && type[1] === g.x && type[3] === g.p)
        return `if(typeof ${g.x} !== "${type[2]}" && ${g.x} !== null){return issueTypeOrNull(${g.f}, vErrors, ${g.p}, "${type[2]}");}var ${g.K} = true;`;
      const ref =
        /^if\(!\((validate\d+)\((\w+), (\{instancePath:[^{}]*\})\)\)\)\{vErrors = issueJoin\(vErrors, \1\.errors\);errors = vErrors\.length;\}$/.exec(
          branch,
        );
      if (ref && ref[2] === g.x)
        return `if(!${ref[1]}(${g.x}, ${ref[3]}) && ${g.x} !== null){${failNull(`issueJoin(vErrors, ${ref[1]}.errors)`)}}var ${g.K} = true;`;
      return (
        `const ${g.A} = errors;${branch}` +
        `if(errors !== ${g.A} && ${g.x} !== null){${failNull("vErrors")}}` +
        `vErrors = issueCut(vErrors, errors = ${g.A});var ${g.K} = true;`
      );
    });
}
