/**
 * ajv's standalone output cut to what the client reads. The client reads an error's
 * `instancePath`, `keyword` and `params` (it writes the message from the last two), so:
 * - the schema path ajv writes at every error site, and each function's source-URL comment, go;
 * - a schema kept for an error's parameters keeps only the list they read (`enum`);
 * - each error site becomes one call of a shared helper instead of an inline object and array;
 * - `parentData`, `parentDataProperty` and `rootData`, which no keyword of ours reads, are neither
 *   passed nor received;
 * - ajv's bookkeeping of alternatives and conditions (an `anyOf` branch's errors dropped once
 *   another branch passes, a referenced validator's errors appended, a condition's errors counted)
 *   is a call of a helper each instead of the same block written out at every site; the helpers
 *   leave `errors` and the list exactly as ajv's blocks do, so verdicts and errors are unchanged;
 * - the tests of an error count that cannot have moved go (`validator-settled.ts`), and the
 *   commonest field checks are calls of shared helpers (`validator-fields.ts`), as is an optional
 *   field's `anyOf` of its type and `null` (`validator-nullable.ts`), and a rule between fields
 *   whose `then` only returns is a plain test (`validator-conditions.ts`);
 * - a field is read once, into its variable, before its presence is tested (`validator-read-once.ts`),
 *   a required field's presence is not tested again after the required test
 *   (`validator-required-present.ts`), and a bare block that declares nothing is unwrapped
 *   (`validator-flat-blocks.ts`); an optional field that may be `null` is tested for both at once
 *   (`validator-absent-or-null.ts`), and a referenced validator's failure returns at once where
 *   nothing else is collected (`validator-joined-ends.ts`), and after those returns the settled tests
 *   are looked for again, a verdict's test known true goes and a verdict never read goes
 *   (`validator-verdicts.ts`), and an `else` after a body that returns is unwrapped
 *   (`validator-else-returns.ts`);
 * - a pattern's expression is marked pure, so that a bundle that never tests it drops it, and an
 *   address's or a hash's is a loop over the string's code units (`validator-hex-patterns.ts`).
 * ajv writes all of these as fixed text, so patterns suffice. An error site of another shape (a map
 * key's, which also names the key) stays as ajv wrote it; a schema path or a parent reference left
 * behind (a new ajv) fails the generation rather than shipping a half-cut file.
 */

import { mergeAbsentOrNull } from "./validator-absent-or-null.js";
import { CONDITION_HELPERS, compactConditions } from "./validator-conditions.js";
import { unwrapElseAfterReturn } from "./validator-else-returns.js";
import { compactFieldChecks, FIELD_HELPERS } from "./validator-fields.js";
import { flattenBareBlocks } from "./validator-flat-blocks.js";
import { HEX_PATTERN_HELPERS, hexPatterns } from "./validator-hex-patterns.js";
import { endAtJoins, JOINED_HELPERS } from "./validator-joined-ends.js";
import { compactNullable, NULLABLE_HELPERS } from "./validator-nullable.js";
import { readFieldsOnce } from "./validator-read-once.js";
import { dropPresentTests } from "./validator-required-present.js";
import { dropSettledChecks } from "./validator-settled.js";
import { dropKnownVerdicts } from "./validator-verdicts.js";

const QUOTED = String.raw`"(?:[^"\\]|\\.)*"`;
/** A parenthesised argument list (`key0.replace(/~/g, "~0")`): its commas are not the object's. */
const CALL = String.raw`\((?:[^()"]|${QUOTED})*\)`;
/** `instancePath` (shorthand) or `instancePath:<expression without a top-level comma>`. */
const PATH = `instancePath(?::((?:[^,"()]|${QUOTED}|${CALL})*))?`;
/** An object literal of parameters, whose strings may hold braces (`{40}` in a pattern). */
const PARAMS = String.raw`(\{(?:[^{}"]|${QUOTED})*\})`;

/** A failure that ends the validator (allErrors off): the one error, then `return false`. */
const RETURNED = new RegExp(
  String.raw`(validate\d+)\.errors = \[\{${PATH},keyword:("\w+"),params:${PARAMS}\}\];return false;`,
  "g",
);
/** A failure inside `anyOf`/`if`, collected in `vErrors` until the alternatives are decided. */
const COLLECTED = new RegExp(
  String.raw`const (err\d+) = \{${PATH},keyword:("\w+"),params:${PARAMS}\};if\(vErrors === null\)\{vErrors = \[\1\];\}else \{vErrors\.push\(\1\);\}errors\+\+;`,
  "g",
);

/**
 * An error site of a condition (`if`, `not`): ajv counts it with an empty object that is always
 * dropped when the condition is decided; it is counted with `issueAdd` instead (same length).
 */
const UNWRITTEN =
  /const (err\d+) = \{\};if\(vErrors === null\)\{vErrors = \[\1\];\}else \{vErrors\.push\(\1\);\}errors\+\+;/g;
/** The errors of a decided alternative or condition dropped: back to the count before it. */
const RESET =
  /errors = (_errs\d+);if\(vErrors !== null\)\{if\(\1\)\{vErrors\.length = \1;\}else \{vErrors = null;\}\}/g;
/** A referenced validator's errors appended to the list. */
const JOINED =
  /vErrors = vErrors === null \? (validate\d+)\.errors : vErrors\.concat\(\1\.errors\);/g;

/**
 * A pattern's compiled expression, marked free of effects: a bundle whose validators never test it
 * leaves it out (a bundler keeps any `new` it cannot prove pure).
 */
const PATTERN = /(const pattern\d+ = )new RegExp\(/g;

/**
 * The rewrites after the error sites are slimmed, in order: each reads the shape the ones before
 * it leave (the settled tests looked for again once failures return; bare blocks unwrapped again
 * once `else` bodies are).
 */
const PASSES: readonly ((code: string) => string)[] = [
  compactNullable,
  dropSettledChecks,
  compactConditions,
  compactFieldChecks,
  enumListsOnly,
  readFieldsOnce,
  dropPresentTests,
  flattenBareBlocks,
  mergeAbsentOrNull,
  endAtJoins,
  dropSettledChecks,
  dropKnownVerdicts,
  unwrapElseAfterReturn,
  flattenBareBlocks,
  hexPatterns,
];

/** The helpers every error site calls (kept short: they ship in every bundle). */
const HELPERS =
  "function issueEnd(f, instancePath, keyword, params) { f.errors = [{ instancePath, keyword, params }]; return false; }\n" +
  "function issueAdd(list, instancePath, keyword, params) { const e = { instancePath, keyword, params }; if (list === null) return [e]; list.push(e); return list; }\n" +
  "function issueCut(list, n) { if (list === null || n === 0) return null; list.length = n; return list; }\n" +
  "function issueJoin(list, more) { return list === null ? more : list.concat(more); }\n";

/**
 * A schema ajv keeps whole for an error's parameters (`allowedValues: schema16.enum`) reduced to
 * the one list read from it: its `$id`, a long URL, and its other keywords are never read.
 */
function enumListsOnly(code: string): string {
  return code.replace(/const (schema\d+) = (\{[^;]*\});/g, (all, name: string, json: string) => {
    const uses = code.split(new RegExp(`\\b${name}\\b`)).length - 1;
    const reads = code.split(`${name}.enum`).length - 1;
    const list = (JSON.parse(json) as { enum?: unknown }).enum;
    if (uses !== reads + 1 || !Array.isArray(list)) return all;
    return `const ${name} = {enum: ${JSON.stringify(list)}};`;
  });
}

/** `code` (ajv's standalone ESM, without its header) cut to what the client reads. */
export function slimValidators(code: string): string {
  const out = code
    .replace(/schemaPath:\s*"(?:[^"\\]|\\.)*",\s*/g, "")
    .replace(/\/\*# sourceURL=[^*]*\*\/;?/g, "")
    .replace(
      RETURNED,
      (_all, f: string, path: string | undefined, kw: string, params: string) =>
        `return issueEnd(${f}, ${path ?? "instancePath"}, ${kw}, ${params});`,
    )
    .replace(
      COLLECTED,
      (_all, _err: string, path: string | undefined, kw: string, params: string) =>
        `vErrors = issueAdd(vErrors, ${path ?? "instancePath"}, ${kw}, ${params});errors++;`,
    )
    .replace(UNWRITTEN, "vErrors = issueAdd(vErrors);errors++;")
    .replace(RESET, (_all, n: string) => `vErrors = issueCut(vErrors, errors = ${n});`)
    .replace(JOINED, (_all, f: string) => `vErrors = issueJoin(vErrors, ${f}.errors);`)
    .replace(/let errors = 0;if\(errors === 0\)\{/g, "let errors = 0;{")
    .replace(/,parentData:[^,{}]*,parentDataProperty:[^,{}]*,rootData\}/g, "}")
    .replace(
      /\{instancePath="", parentData, parentDataProperty, rootData=data\}=\{\}/g,
      '{instancePath=""}={}',
    );
  for (const left of ["schemaPath", "parentData", "rootData", "sourceURL"]) {
    const at = out.indexOf(left);
    if (at >= 0)
      throw new Error(`ajv's output changed: ${left} left in …${out.slice(at - 200, at)}`);
  }
  return (
    HELPERS +
    FIELD_HELPERS +
    NULLABLE_HELPERS +
    CONDITION_HELPERS +
    JOINED_HELPERS +
    HEX_PATTERN_HELPERS +
    PASSES.reduce((code, pass) => pass(code), out).replace(PATTERN, "$1/*#__PURE__*/ new RegExp(")
  );
}
