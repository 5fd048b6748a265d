/**
 * The checks ajv writes out at every field of the commonest kinds, each made one call of a shared
 * helper that tests the same things in the same order and fails with the same error: an integer
 * within bounds (a chain id), an amount within bounds, an unsigned 64-bit id, a string matching a
 * pattern (an address, a hash), a number (a USD value), a string or a boolean, and any `type`
 * failure. Only sites that end the validator
 * (`return issueEnd(…)`: failures outside alternatives and conditions) are rewritten; any other
 * shape stays as ajv wrote it. A field checked by a referenced validator is one test of the call's
 * verdict, wherever it stands.
 */

/** A JSON string literal, as ajv writes a pattern into an error's parameters. */
const QUOTED = String.raw`"(?:[^"\\]|\\.)*"`;
/** The validated value (`data3`), the validator (`validate26`) and the error's path expression. */
const X = String.raw`(?<x>\w+)`;
const F = String.raw`(?<f>validate\d+)`;
const P = "(?<p>[^,]+)";
/** A block opened after a check, which stays open (ajv closes it further on). */
const OPEN = String.raw`(?:if\(errors === _errs\d+\)\{|\{)`;
/** A bound of an integer field, as ajv writes a number. */
const LIMIT = "(?<LIM>-?[0-9][0-9.e+]*)";

/** `test` of `(?<x>…)` as the first check of a field: alone, or with `null` allowed. */
const failing = (test: string, nullable: boolean) =>
  nullable ? String.raw`if\(\(${test}\) && \(\k<x> !== null\)\)\{` : String.raw`if\(${test}\)\{`;

/** An integer field with bounds: ajv's integer test, then its maximum, then its minimum. */
const boundedInteger = (nullable: boolean) =>
  new RegExp(
    failing(
      String.raw`!\(\(\(typeof ${X} == "number"\) && \(!\(\k<x> % 1\) && !isNaN\(\k<x>\)\)\) && \(isFinite\(\k<x>\)\)\)`,
      nullable,
    ) +
      String.raw`return issueEnd\(${F}, ${P}, "type", \{type: "integer"\}\);\}${OPEN}` +
      String.raw`if\(\(typeof \k<x> == "number"\) && \(isFinite\(\k<x>\)\)\)\{` +
      String.raw`if\(\k<x> > ${LIMIT.replace("LIM", "max")} \|\| isNaN\(\k<x>\)\)\{return issueEnd\(\k<f>, \k<p>, "maximum", \{comparison: "<=", limit: \k<max>\}\);\}` +
      String.raw`else \{if\(\k<x> < ${LIMIT.replace("LIM", "min")} \|\| isNaN\(\k<x>\)\)\{return issueEnd\(\k<f>, \k<p>, "minimum", \{comparison: ">=", limit: \k<min>\}\);\}\}\}`,
    "g",
  );

/** A string field with a pattern, its type tested first (the error's pattern is the source). */
const STRING_PATTERN = new RegExp(
  String.raw`if\(typeof ${X} === "string"\)\{if\(!(?<re>pattern\d+)\.test\(\k<x>\)\)\{` +
    String.raw`return issueEnd\(${F}, ${P}, "pattern", \{pattern: (?<s>${QUOTED})\}\);\}\}` +
    String.raw`else \{return issueEnd\(\k<f>, \k<p>, "type", \{type: "string"\}\);\}`,
  "g",
);

/** An optional string field with a pattern: its type (string or `null`), then the pattern. */
const NULLABLE_STRING_PATTERN = new RegExp(
  failing(`typeof ${X} !== "string"`, true) +
    String.raw`return issueEnd\(${F}, ${P}, "type", \{type: "string"\}\);\}${OPEN}` +
    String.raw`if\(typeof \k<x> === "string"\)\{if\(!(?<re>pattern\d+)\.test\(\k<x>\)\)\{` +
    String.raw`return issueEnd\(\k<f>, \k<p>, "pattern", \{pattern: (?<s>${QUOTED})\}\);\}\}`,
  "g",
);

/** A number field (JSON Schema's `number`: finite), optional or not. */
const NUMBER = (nullable: boolean) =>
  new RegExp(
    failing(String.raw`!\(\(typeof ${X} == "number"\) && \(isFinite\(\k<x>\)\)\)`, nullable) +
      String.raw`return issueEnd\(${F}, ${P}, "type", \{type: "number"\}\);\}`,
    "g",
  );

/** A string or boolean field (`typeof` says it exactly), optional or not, without a pattern. */
const TYPEOF = (nullable: boolean) =>
  new RegExp(
    failing(String.raw`typeof (?<x>[\w.]+) !== "(?<t>string|boolean)"`, nullable) +
      String.raw`return issueEnd\(${F}, ${P}, "type", \{type: "\k<t>"\}\);\}`,
    "g",
  );

/** An amount with bounds (`exactInteger`: the bounds as bigints, and as strings in the error). */
const boundedAmount = (nullable: boolean) =>
  new RegExp(
    (nullable
      ? String.raw`if\(!\(${X} === null \|\| (?<t>func\d+)\(\k<x>, (?<lo>obj\d+), (?<hi>obj\d+)\)\)\)\{`
      : String.raw`if\(!(?<t>func\d+)\((?<x>[\w.]+), (?<lo>obj\d+), (?<hi>obj\d+)\)\)\{`) +
      String.raw`return issueEnd\(${F}, ${P}, "exactInteger", \{minimum: (?<los>obj\d+), maximum: (?<his>obj\d+)\}\);\}`,
    "g",
  );

/** An unsigned 64-bit integer field (`exactInt64`: a bigint or a safe integer), optional or not. */
const UINT64 = new RegExp(
  String.raw`if\(!\((?:(?<n>\w+) === null \|\| )?\(typeof ${X} == "bigint" && \k<x> >= 0n && \k<x> <= 18446744073709551615n\) \|\| \(Number\.isSafeInteger\(\k<x>\) && \k<x> >= 0\)\)\)\{return issueEnd\(${F}, ${P}, "exactInt64", \{\}\);\}`,
  "g",
);

/**
 * A field checked by a referenced validator, then the next field only if it passed: one test of
 * the call's verdict, the next field in its `else` (the count moves exactly when the call fails).
 */
const REF_FIELD = new RegExp(
  String.raw`if\((?<d>data\.\w+) !== undefined\)\{const (?<A>_errs\d+) = errors;` +
    String.raw`if\(!\((?<r>validate\d+)\(\k<d>, (?<o>\{instancePath:[^{}]*\})\)\)\)\{` +
    String.raw`vErrors = issueJoin\(vErrors, \k<r>\.errors\);errors = vErrors\.length;\}` +
    String.raw`var (?<K>valid\d+) = \k<A> === errors;\}else \{var \k<K> = true;\}if\(\k<K>\)\{`,
  "g",
);

/** An item of a list checked by a referenced validator: the loop stops at the first that fails. */
const REF_ITEM = new RegExp(
  String.raw`const (?<A>_errs\d+) = errors;` +
    String.raw`if\(!\((?<r>validate\d+)\((?<d>\w+\[\w+\]), (?<o>\{instancePath:[^{}]*\})\)\)\)\{` +
    String.raw`vErrors = issueJoin\(vErrors, \k<r>\.errors\);errors = vErrors\.length;\}` +
    String.raw`var (?<K>valid\d+) = \k<A> === errors;if\(!\k<K>\)\{break;\}`,
  "g",
);

/**
 * The required fields of a struct: tested inline as ajv does (a named read each: a loop over the
 * names, smaller still, made validating about a tenth slower), the first missing one named by a
 * helper only on failure, instead of ajv's note of each name as it goes.
 */
const REQUIRED = new RegExp(
  String.raw`let (?<m>missing\d+);if\((?<tests>[^{]*)\)\{return issueEnd\(${F}, instancePath, "required", \{missingProperty: \k<m>\}\);\}`,
  "g",
);

/** Any other `type` failure that ends the validator. */
const TYPE = new RegExp(
  String.raw`return issueEnd\(${F}, ${P}, "type", \{type: (?<t>"\w+")\}\);`,
  "g",
);

/** The helpers the rewritten sites call (after `issueEnd`, which they use). */
export const FIELD_HELPERS =
  'function issueType(f, instancePath, type) { return issueEnd(f, instancePath, "type", { type }); }\n' +
  'function issueInt(f, base, at, x, min, max) { if (!Number.isInteger(x)) return issueType(f, base + at, "integer"); if (x > max) return issueEnd(f, base + at, "maximum", { comparison: "<=", limit: max }); return x >= min || issueEnd(f, base + at, "minimum", { comparison: ">=", limit: min }); }\n' +
  'function issueBig(f, base, at, x, test, min, max) { return test(x, min, max) || issueEnd(f, base + at, "exactInteger", { minimum: String(min), maximum: String(max) }); }\n' +
  'function issueU64(f, base, at, x) { return (typeof x == "bigint" && x >= 0n && x <= 18446744073709551615n) || (Number.isSafeInteger(x) && x >= 0) || issueEnd(f, base + at, "exactInt64", {}); }\n' +
  'function issueRequired(f, instancePath, data, keys) { for (const missingProperty of keys) if (data[missingProperty] === undefined) return issueEnd(f, instancePath, "required", { missingProperty }); return true; }\n' +
  'function issueNum(f, base, at, x) { return (typeof x == "number" && isFinite(x)) || issueType(f, base + at, "number"); }\n' +
  'function issueString(f, base, at, x) { return typeof x == "string" || issueType(f, base + at, "string"); }\n' +
  'function issueBoolean(f, base, at, x) { return typeof x == "boolean" || issueType(f, base + at, "boolean"); }\n' +
  'function issueStr(f, base, at, x, re) { if (typeof x !== "string") return issueType(f, base + at, "string"); return re.test(x) || issueEnd(f, base + at, "pattern", { pattern: re.source }); }\n';

type Groups = Record<string, string>;

/**
 * An error's path (`instancePath+"/amount"`) as the helpers take it, base and literal tail apart
 * (`instancePath, "/amount"`), so that the string is built only when the check fails, as ajv
 * builds it; `undefined` for any other expression (an item's path, with its index), left as is.
 */
function split(path: string | undefined): string | undefined {
  if (path === "instancePath") return 'instancePath, ""';
  const tail = /^instancePath\+("(?:[^"\\]|\\.)*")$/.exec(path ?? "")?.[1];
  return tail === undefined ? undefined : `instancePath, ${tail}`;
}

/** Whether the module's constants `big` and `text` are the same number (`0n` and `"0"`). */
function sameNumber(code: string, big: string | undefined, text: string | undefined): boolean {
  const b = new RegExp(`const ${big} = (-?[0-9]+)n;`).exec(code)?.[1];
  const t = new RegExp(`const ${text} = "(-?[0-9]+)";`).exec(code)?.[1];
  return b !== undefined && b === t;
}

/**
 * Whether the regular expression `name` declared in `code` has `pattern` (a JSON string literal,
 * as ajv writes it into the error) as its `source`, so that the helper can read the error's
 * pattern from it instead of each site passing the text again.
 */
function sourceIs(code: string, name: string | undefined, pattern: string | undefined): boolean {
  const at = new RegExp(String.raw`const ${name} = new RegExp\((${QUOTED}), "u"\);`).exec(code);
  if (at?.[1] === undefined || pattern === undefined) return false;
  const text = JSON.parse(at[1]) as string;
  return text === JSON.parse(pattern) && new RegExp(text, "u").source === text;
}

/** `code` (slimmed ajv output) with the commonest field checks made helper calls. */
export function compactFieldChecks(code: string): string {
  const call = (g: Groups, nullable: boolean, test: string) =>
    nullable ? `if(!(${g.x} === null || ${test})){return false;}` : `if(!${test}){return false;}`;
  const integer =
    (nullable: boolean) =>
    (all: string, ...a: unknown[]) => {
      const g = a.at(-1) as Groups;
      const at = split(g.p);
      if (at === undefined) return all;
      return `${call(g, nullable, `issueInt(${g.f}, ${at}, ${g.x}, ${g.min}, ${g.max})`)}{`;
    };
  const amount =
    (nullable: boolean) =>
    (all: string, ...a: unknown[]): string => {
      const g = a.at(-1) as Groups;
      if (!sameNumber(code, g.lo, g.los) || !sameNumber(code, g.hi, g.his)) return all;
      const at = split(g.p);
      if (at === undefined) return all;
      return call(g, nullable, `issueBig(${g.f}, ${at}, ${g.x}, ${g.t}, ${g.lo}, ${g.hi})`);
    };
  const number =
    (nullable: boolean) =>
    (all: string, ...a: unknown[]): string => {
      const g = a.at(-1) as Groups;
      const at = split(g.p);
      return at === undefined ? all : call(g, nullable, `issueNum(${g.f}, ${at}, ${g.x})`);
    };
  const typeOf =
    (nullable: boolean) =>
    (all: string, ...a: unknown[]): string => {
      const g = a.at(-1) as Groups;
      const at = split(g.p);
      return at === undefined
        ? all
        : call(
            g,
            nullable,
            `${g.t === "string" ? "issueString" : "issueBoolean"}(${g.f}, ${at}, ${g.x})`,
          );
    };
  return code
    .replace(boundedInteger(false), integer(false))
    .replace(boundedInteger(true), integer(true))
    .replace(STRING_PATTERN, (all: string, ...a: unknown[]) => {
      const g = a.at(-1) as Groups;
      const at = split(g.p);
      if (!sourceIs(code, g.re, g.s) || at === undefined) return all;
      return call(g, false, `issueStr(${g.f}, ${at}, ${g.x}, ${g.re})`);
    })
    .replace(NULLABLE_STRING_PATTERN, (all: string, ...a: unknown[]) => {
      const g = a.at(-1) as Groups;
      const at = split(g.p);
      if (!sourceIs(code, g.re, g.s) || at === undefined) return all;
      return `${call(g, true, `issueStr(${g.f}, ${at}, ${g.x}, ${g.re})`)}{`;
    })
    .replace(NUMBER(false), number(false))
    .replace(NUMBER(true), number(true))
    .replace(TYPEOF(false), typeOf(false))
    .replace(TYPEOF(true), typeOf(true))
    .replace(boundedAmount(false), amount(false))
    .replace(boundedAmount(true), amount(true))
    .replace(UINT64, (all: string, ...a: unknown[]) => {
      const g = a.at(-1) as Groups;
      const at = split(g.p);
      if ((g.n !== undefined && g.n !== g.x) || at === undefined) return all;
      return call(g, g.n !== undefined, `issueU64(${g.f}, ${at}, ${g.x})`);
    })
    .replace(REF_FIELD, (...a: unknown[]) => {
      const g = a.at(-1) as Groups;
      return `if(!(${g.d} === undefined || ${g.r}(${g.d}, ${g.o}))){vErrors = issueJoin(vErrors, ${g.r}.errors);errors = vErrors.length;}else {`;
    })
    .replace(REF_ITEM, (...a: unknown[]) => {
      const g = a.at(-1) as Groups;
      return `if(!${g.r}(${g.d}, ${g.o})){vErrors = issueJoin(vErrors, ${g.r}.errors);errors = vErrors.length;break;}`;
    })
    .replace(REQUIRED, (all: string, ...a: unknown[]) => {
      const g = a.at(-1) as Groups;
      const tests = [
        ...(g.tests ?? "").matchAll(/\(data\.(\w+) === undefined\) && \((missing\d+) = "(\w+)"\)/g),
      ];
      const keys = tests.map((t) => t[1]);
      // Only a plain chain of tests of `data`'s own fields, each naming itself.
      const plain = tests.every((t) => t[1] === t[3] && t[2] === g.m);
      const rebuilt = tests.map((t) => t[0]).join("");
      if (
        !plain ||
        keys.length === 0 ||
        (g.tests ?? "").replace(/[()| ]/g, "") !== rebuilt.replace(/[()| ]/g, "")
      )
        return all;
      return `if(${keys.map((k) => `data.${k} === undefined`).join(" || ")}){return issueRequired(${g.f}, instancePath, data, ${JSON.stringify(keys)});}`;
    })
    .replace(TYPE, (...a: unknown[]) => {
      const g = a.at(-1) as Groups;
      return `return issueType(${g.f}, ${g.p}, ${g.t});`;
    });
}
