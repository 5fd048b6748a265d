/**
 * Standalone ajv validators: one exported function per request and response type (plus any other
 * type asked for), compiled at generation time so that nothing is compiled, and no `eval` or
 * `new Function` runs, when the SDK validates.
 */
import { _, Ajv, type KeywordCxt } from "ajv";
import standaloneModule from "ajv/dist/standalone/index.js";
import type { Schema } from "../ridl/schema.js";
import { EXACT_INT64_KEYWORD, EXACT_INTEGER_KEYWORD } from "./json-schema.js";
import { buildJsonSchemas } from "./schemas.js";

// ajv ships CommonJS: under NodeNext its default export arrives as the module object.
const standaloneCode = standaloneModule as unknown as typeof standaloneModule.default;

/**
 * ajv's standalone output declares every compiled schema as a `const schemaN = {…}`, referenced
 * only when an error parameter needs it. The unreferenced ones are dead weight in every bundle
 * that does not tree-shake, so they are removed here (each is one statement on its own).
 */
export function dropUnusedSchemaConstants(code: string): string {
  return code.replace(
    /const (schema\d+) = (\{.*?\});(?=const |function |export |$)/g,
    (all, name) => {
      const uses = code.split(new RegExp(`\\b${name}\\b`)).length - 1;
      return uses > 1 ? all : "";
    },
  );
}

/** Name of the exported validator of a type. */
export const validatorName = (typeName: string) => `validate${typeName}`;

/** ESM source of `generated/validators.js` and its declarations. */
export function buildValidators(
  schema: Schema,
  typeNames: readonly string[],
  header: string,
): { js: string; dts: string } {
  const docs = buildJsonSchemas(schema, "validator");
  const ajv = new Ajv({
    code: { source: true, esm: true, lines: false },
    allErrors: false,
    strict: true,
    allowUnionTypes: true,
    inlineRefs: false,
    validateFormats: false,
    messages: true,
  });
  ajv.addKeyword({
    keyword: EXACT_INTEGER_KEYWORD,
    schemaType: ["boolean", "string"],
    error: { message: "must be an integer: a bigint, a JSON integer or a decimal string" },
    code(cxt: KeywordCxt) {
      const { data, schema: mode } = cxt;
      const exact = _`typeof ${data} == "bigint" || (typeof ${data} == "number" && Number.isInteger(${data})) || (typeof ${data} == "string" && /^-?[0-9]+$/.test(${data}))`;
      cxt.fail(mode === "nullable" ? _`!(${data} === null || ${exact})` : _`!(${exact})`);
    },
  });
  ajv.addKeyword({
    keyword: EXACT_INT64_KEYWORD,
    schemaType: "string",
    error: { message: "must be a safe integer or a bigint (>= 0 when unsigned)" },
    code(cxt: KeywordCxt) {
      const { data, schema: mode } = cxt;
      const [type, nullable] = String(mode).split(" ");
      const exact =
        type === "uint64"
          ? _`(typeof ${data} == "bigint" && ${data} >= 0n) || (Number.isSafeInteger(${data}) && ${data} >= 0)`
          : _`typeof ${data} == "bigint" || Number.isSafeInteger(${data})`;
      cxt.fail(nullable ? _`!(${data} === null || ${exact})` : _`!(${exact})`);
    },
  });
  for (const doc of docs.values()) ajv.addSchema(doc);
  const exportsMap: Record<string, string> = {};
  for (const name of typeNames) {
    const doc = docs.get(name);
    if (!doc) throw new Error(`no schema for validator of ${name}`);
    exportsMap[validatorName(name)] = String(doc.$id);
  }
  const code = standaloneCode(ajv, exportsMap);
  if (/\brequire\(/.test(code)) {
    throw new Error(
      "standalone validators must not require ajv's run time; avoid keywords that need it",
    );
  }
  const js = `${header}${dropUnusedSchemaConstants(code.replace(/^"use strict";/, ""))}\n`;
  const dts = [
    header.trimEnd(),
    "",
    "/** One error reported by a validator (ajv's `ErrorObject`, reduced to what we read). */",
    "export interface ValidationIssue {",
    '  /** JSON pointer of the failing value, `""` for the root. */',
    "  instancePath: string;",
    "  /** JSON pointer into the schema of the failing keyword. */",
    "  schemaPath: string;",
    "  /** The keyword that failed (`type`, `required`, `pattern`, ...). */",
    "  keyword: string;",
    '  /** Keyword parameters, e.g. `{ missingProperty: "intent" }`. */',
    "  params: Record<string, unknown>;",
    "  /** Human-readable message. */",
    "  message?: string;",
    "}",
    "",
    "/** A generated validator: returns whether `data` conforms; on failure `errors` says why. */",
    "export interface Validator {",
    "  (data: unknown): boolean;",
    "  errors?: ValidationIssue[] | null;",
    "}",
    "",
    ...typeNames.map(
      (n) =>
        `/** Validates a wire-form \`${n}\` (bigints as JSON numbers or decimal strings). */\nexport declare const ${validatorName(n)}: Validator;`,
    ),
    "",
  ].join("\n");
  return { js, dts };
}
