/**
 * The ajv instance both validator emitters compile with (`validators.ts` for the client,
 * `request-checks.ts` for the dev server): the same options and the same two custom keywords, so
 * that a value the client refuses is refused by the dev server in the same words.
 */
import { _, Ajv, type CodeGen, type KeywordCxt, type Name, str } from "ajv";
import { _Code } from "ajv/dist/compile/codegen/code.js";
import standaloneModule from "ajv/dist/standalone/index.js";
import { EXACT_INT64_KEYWORD, EXACT_INTEGER_KEYWORD, type JsonSchema } from "./json-schema.js";
import { MAX_CHARS_KEYWORD } from "./request-fields.js";
import { MAX_UINT256 } from "./request-rules.js";

// ajv ships CommonJS: under NodeNext its default export arrives as the module object.
const standaloneCode = standaloneModule as unknown as typeof standaloneModule.default;

/** An `exactInteger` keyword's bounds, as decimal strings. */
interface Bounds {
  minimum: string;
  maximum: string;
  nullable?: boolean;
}

/** Whether `x` is an exact integer on the wire: a bigint, a JSON integer or a decimal string. */
const exact = (x: unknown): boolean =>
  typeof x === "bigint" ||
  (typeof x === "number" && Number.isInteger(x)) ||
  (typeof x === "string" && /^-?[0-9]+$/.test(x));

/**
 * Whether `x` is an exact integer from `min` to `max`. A number past 2^53 never reaches a validator
 * (the decoder makes it a bigint); the bounds are compared exactly, on the value as a bigint.
 */
const exactIn = (x: unknown, min: bigint, max: bigint): boolean =>
  exact(x) && BigInt(x as string) >= min && BigInt(x as string) <= max;

/**
 * The name of a shared test in the generated module: declared once (its source, as the scripts run
 * it, has no types left) however many fields use it; validators compiled in process call it.
 */
function helper(gen: CodeGen, name: "exact" | "exactIn"): Name {
  const exactName = gen.scopeValue("func", {
    key: "exact",
    ref: exact,
    code: new _Code(String(exact)),
  });
  if (name === "exact") return exactName;
  const source = String(exactIn).replace(/\bexact\(/, `${exactName.str}(`);
  return gen.scopeValue("func", { key: "exactIn", ref: exactIn, code: new _Code(source) });
}

/** The name of a string constant holding `value` (one per distinct value in a module). */
function text(gen: CodeGen, value: string): Name {
  return gen.scopeValue("obj", { key: value, ref: value, code: _`${value}` });
}

/** The name of a bigint constant holding `value` (one per distinct value in a module). */
function bound(gen: CodeGen, value: string): Name {
  return gen.scopeValue("obj", {
    key: `${value}n`,
    ref: BigInt(value),
    code: new _Code(`${BigInt(value)}n`),
  });
}

/**
 * An ajv that writes standalone ESM code, with the schema's custom keywords registered.
 * `inlineRefs` (default `false`: every `$ref` is a call) is ajv's option: a number inlines the
 * referenced schemas of at most that many keywords, which saves a call and its options object
 * (`{instancePath, parentData, …}`) per small value on the success path.
 */
export function createStandaloneAjv(options: {
  allErrors: boolean;
  inlineRefs?: boolean | number;
  messages?: boolean;
}): Ajv {
  const ajv = new Ajv({
    code: { source: true, esm: true, lines: false },
    allErrors: options.allErrors,
    strict: true,
    allowUnionTypes: true,
    inlineRefs: options.inlineRefs ?? false,
    validateFormats: false,
    // Without messages, each error site carries only `keyword` and `params`; the client writes the
    // same text from those (src/validation/issue-message.ts) instead of shipping it at every site.
    messages: options.messages ?? true,
  });
  ajv.addKeyword({
    keyword: EXACT_INTEGER_KEYWORD,
    schemaType: ["boolean", "string", "object"],
    error: {
      // The bounds travel in `params` (as the module's constants), so that the message can be
      // written from them alone.
      params: (cxt) => {
        const s = cxt.schema as Bounds | boolean | string;
        if (typeof s !== "object") return _`{}`;
        // Strings, not bigints: an error's issues must survive `JSON.stringify`.
        return _`{minimum: ${text(cxt.gen, s.minimum)}, maximum: ${text(cxt.gen, s.maximum)}}`;
      },
      message: (cxt) => {
        const s = cxt.schema as Bounds | boolean | string;
        if (typeof s !== "object") {
          return str`must be an integer: a bigint, a JSON integer or a decimal string`;
        }
        const max = s.maximum === MAX_UINT256.toString() ? "2^256-1" : s.maximum;
        return str`${`must be an integer from ${s.minimum} to ${max}: a bigint, a JSON integer or a decimal string`}`;
      },
    },
    code(cxt: KeywordCxt) {
      const { data, schema: mode, gen } = cxt;
      const bounds = typeof mode === "object" && mode !== null ? (mode as Bounds) : undefined;
      const nullable = mode === "nullable" || bounds?.nullable === true;
      // One shared function per module does the test: an amount costs a call at each field
      // rather than the whole expression and its 78-digit bounds written out again.
      const exact = bounds
        ? _`${helper(gen, "exactIn")}(${data}, ${bound(gen, bounds.minimum)}, ${bound(gen, bounds.maximum)})`
        : _`${helper(gen, "exact")}(${data})`;
      cxt.fail(nullable ? _`!(${data} === null || ${exact})` : _`!${exact}`);
    },
  });
  ajv.addKeyword({
    keyword: MAX_CHARS_KEYWORD,
    type: "string",
    schemaType: "number",
    error: {
      params: (cxt) => _`{limit: ${cxt.schema}}`,
      message: (cxt) => str`must NOT have more than ${cxt.schema} characters`,
    },
    code(cxt: KeywordCxt) {
      const { data, schema: max } = cxt;
      // Code points, as JSON Schema counts them: only a string longer in UTF-16 units can be over.
      cxt.fail(_`${data}.length > ${max} && [...${data}].length > ${max}`);
    },
  });
  ajv.addKeyword({
    keyword: EXACT_INT64_KEYWORD,
    schemaType: "string",
    error: { message: "must be a 64-bit integer: a safe integer or a bigint (>= 0 when unsigned)" },
    code(cxt: KeywordCxt) {
      const { data, schema: mode } = cxt;
      const [type, nullable] = String(mode).split(" ");
      const exact =
        type === "uint64"
          ? _`(typeof ${data} == "bigint" && ${data} >= 0n && ${data} <= 18446744073709551615n) || (Number.isSafeInteger(${data}) && ${data} >= 0)`
          : _`(typeof ${data} == "bigint" && ${data} >= -9223372036854775808n && ${data} <= 9223372036854775807n) || Number.isSafeInteger(${data})`;
      cxt.fail(nullable ? _`!(${data} === null || ${exact})` : _`!(${exact})`);
    },
  });
  return ajv;
}

/**
 * ajv's standalone output declares every compiled schema as a `const schemaN = {…}`, referenced
 * only when an error parameter needs it. The unreferenced ones are dead weight in every bundle
 * that does not tree-shake, so they are removed here (each is one statement on its own).
 */
function dropUnusedSchemaConstants(code: string): string {
  return code.replace(
    /const (schema\d+) = (\{.*?\});(?=const |function |export |$)/g,
    (all, name) => {
      const uses = code.split(new RegExp(`\\b${name}\\b`)).length - 1;
      return uses > 1 ? all : "";
    },
  );
}

/**
 * ESM source of a standalone validator module: for each of `typeNames`, its document in `docs`
 * compiled by `ajv` (which must hold every document) and exported as `exportName(type)`, after
 * `header`, after `transform` (none by default). Throws when a type has no document, or when the
 * code would need ajv's run time.
 */
export function standaloneSource(
  ajv: Ajv,
  docs: ReadonlyMap<string, JsonSchema>,
  typeNames: readonly string[],
  exportName: (typeName: string) => string,
  header: string,
  transform: (code: string) => string = (code) => code,
): string {
  const exportsMap: Record<string, string> = {};
  for (const name of typeNames) {
    const doc = docs.get(name);
    if (!doc) throw new Error(`no schema for the validator of ${name}`);
    exportsMap[exportName(name)] = String(doc.$id);
  }
  const code = standaloneCode(ajv, exportsMap);
  if (/\brequire\(/.test(code)) {
    throw new Error(
      "standalone validators must not require ajv's run time; avoid keywords that need it",
    );
  }
  return `${header}${transform(dropUnusedSchemaConstants(code.replace(/^"use strict";/, "")))}\n`;
}
