/**
 * Request checks for the dev server: standalone ajv validators of every operation's request type,
 * compiled with `allErrors`, so that a bad request is answered with every failing field (wrong
 * types, missing members, bad patterns) rather than the first one. They live in their own module,
 * `generated/request-checks.js`, used only by the dev server: the client's validators stop at the
 * first error, which is cheaper and all a caller needs.
 */
import type { Schema } from "../ridl/schema.js";
import { createStandaloneAjv, standaloneSource } from "./ajv-setup.js";
import { methodTypes, SchemaModel } from "./model.js";
import { CROSS_FIELD_RULES } from "./request-rules.js";
import { buildJsonSchemas } from "./schemas.js";

/** Name of the exported check of a request type. */
export const requestCheckName = (typeName: string) => `check${typeName}`;

/** The request type of every operation of `schema`. */
export function requestTypes(schema: Schema): string[] {
  const names = new Set<string>();
  for (const { method } of new SchemaModel(schema).methods())
    names.add(methodTypes(method).request);
  return [...names];
}

/** `generated/request-checks.js` and its declarations, by path under `generated/`. */
export function buildRequestChecks(schema: Schema, header: string): Map<string, string> {
  const docs = buildJsonSchemas(schema, "validator");
  const ajv = createStandaloneAjv({ allErrors: true });
  for (const doc of docs.values()) ajv.addSchema(doc);
  const names = requestTypes(schema);
  const rules: Record<string, string[]> = {};
  for (const name of names) {
    const list = CROSS_FIELD_RULES[name];
    if (list) rules[name] = list.map((r) => String(r.description));
  }
  const js = `${standaloneSource(ajv, docs, names, requestCheckName, header)}\n/** What each rule between fields of a request type says, by its index in the type's \`allOf\`. */\nexport const requestRules = ${JSON.stringify(rules)};\n`;
  const dts = [
    header.trimEnd(),
    "",
    'import type { ValidationIssue } from "./validators.js";',
    "",
    "/**",
    " * One problem found in a request: these checks keep ajv's messages and schema paths (the dev",
    " * server reads which rule of an `allOf` failed from the path).",
    " */",
    "export interface RequestIssue extends ValidationIssue {",
    "  /** JSON pointer into the schema of the failing keyword. */",
    "  schemaPath: string;",
    "  /** Human-readable message. */",
    "  message: string;",
    "}",
    "/** A request check: whether `data` conforms; on failure `errors` lists every problem. */",
    "export interface RequestCheck {",
    "  (data: unknown): boolean;",
    "  errors?: RequestIssue[] | null;",
    "}",
    "",
    ...names.map(
      (n) =>
        `/** Checks a decoded \`${n}\`, reporting every problem. */\nexport declare const ${requestCheckName(n)}: RequestCheck;`,
    ),
    "/**",
    " * What each rule between the fields of a request type says (`QuoteIntentRequest`: EXACT_INPUT",
    " * needs originTokenAmount, …), by its index in the type's `allOf`.",
    " */",
    "export declare const requestRules: Readonly<Record<string, readonly string[]>>;",
    "",
  ].join("\n");
  return new Map([
    ["request-checks.js", js],
    ["request-checks.d.ts", dts],
  ]);
}
