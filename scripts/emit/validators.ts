/**
 * Standalone ajv validators: one exported function per request and response type (plus any other
 * type asked for), compiled at generation time so that nothing is compiled, and no `eval` or
 * `new Function` runs, when the SDK validates. They are decoding validators
 * (`decoding-keywords.ts`): given the codec's context, a response validator decodes as it checks.
 */
import type { Schema } from "../ridl/schema.js";
import { createStandaloneAjv, standaloneSource } from "./ajv-setup.js";
import { checkSchemaDepth, withDecodingKeywords } from "./decoding-keywords.js";
import { buildJsonSchemas } from "./schemas.js";

/** Name of the exported validator of a type. */
export const validatorName = (typeName: string) => `validate${typeName}`;

/** ESM source of `generated/validators.js` and its declarations. */
export function buildValidators(
  schema: Schema,
  typeNames: readonly string[],
  header: string,
): { js: string; dts: string } {
  const docs = buildJsonSchemas(schema, "validator");
  checkSchemaDepth(docs);
  // Small referenced schemas (addresses, hashes, amounts, enums) are inlined: fewer calls per
  // validated value, and a smaller file; inlining every reference was about 5% faster again but
  // adds 5 KB gzipped to the client bundle (BENCHMARKS.md, "Codec").
  const ajv = createStandaloneAjv({ allErrors: false, inlineRefs: 3, decoding: true });
  for (const doc of docs.values()) ajv.addSchema(withDecodingKeywords(doc));
  const js = standaloneSource(ajv, docs, typeNames, validatorName, header);
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
    "/**",
    " * A generated validator: returns whether `data` conforms; on failure `errors` says why. Called",
    " * plainly it only checks. Called with the codec's decoding context as `this`",
    " * (`src/codec/decode-validated.ts`) it also converts bigint fields in place as it checks.",
    " */",
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
