/**
 * Standalone ajv validators: one exported function per request and response type (plus any other
 * type asked for), compiled at generation time so that nothing is compiled, and no `eval` or
 * `new Function` runs, when the SDK validates. They only check: a validator never changes the value
 * it is given (the codec has already turned bigint fields into `bigint`s).
 */
import type { Schema } from "../ridl/schema.js";
import { createStandaloneAjv, standaloneSource } from "./ajv-setup.js";
import { buildJsonSchemas } from "./schemas.js";
import { slimValidators } from "./validator-slim.js";

/** Name of the exported validator of a type. */
export const validatorName = (typeName: string) => `validate${typeName}`;

/** ESM source of `generated/validators.js` and its declarations. */
export function buildValidators(
  schema: Schema,
  typeNames: readonly string[],
  header: string,
): { js: string; dts: string } {
  const docs = buildJsonSchemas(schema, "validator");
  // Small referenced schemas (addresses, hashes, amounts, enums) are inlined: fewer calls per
  // validated value, and a smaller file; inlining every reference was about 5% faster again but
  // adds 5 KB gzipped to the client bundle (BENCHMARKS.md, "Codec").
  const ajv = createStandaloneAjv({ allErrors: false, inlineRefs: 3, messages: false });
  for (const doc of docs.values()) ajv.addSchema(doc);
  const js = standaloneSource(ajv, docs, typeNames, validatorName, header, slimValidators);
  const dts = [
    header.trimEnd(),
    "",
    "/** One error reported by a validator (ajv's `ErrorObject`, reduced to what we read). */",
    "export interface ValidationIssue {",
    '  /** JSON pointer of the failing value, `""` for the root. */',
    "  instancePath: string;",
    "  /** The keyword that failed (`type`, `required`, `pattern`, ...). */",
    "  keyword: string;",
    '  /** Keyword parameters, e.g. `{ missingProperty: "intent" }`. */',
    "  params: Record<string, unknown>;",
    "  /** Human-readable message: absent from a validator's own errors, written by the client. */",
    "  message?: string;",
    "}",
    "",
    "/**",
    " * A generated validator: returns whether `data` conforms; on failure `errors` says why. It only",
    " * checks: `data` is never changed.",
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
