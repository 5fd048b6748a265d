/**
 * `generated/errors.ts`: one class per error (webrpc's built-ins and the schema's), each built by
 * `schemaError` from its row (wire name, code, status, message: the class name is the wire name
 * and `Error`, so it is not written twice), the code ⇄ class table, and the union of wire names
 * with the error type of each, which the one guard `isServiceError(e, name)` narrows by.
 */
import type { Schema, SchemaError } from "../ridl/schema.js";
import { allErrors } from "./errors-table.js";

const className = (e: SchemaError) => `${e.name}Error`;

function classSource(e: SchemaError): string {
  const cls = className(e);
  const args = [e.name, e.code, e.httpStatus, e.message].map((a) => JSON.stringify(a)).join(", ");
  return [
    `/** \`${e.name}\` (code ${e.code}, HTTP ${e.httpStatus}): ${e.message.replace(/\*\//g, "* /")} */`,
    `export const ${cls}: SchemaErrorClass<"${cls}"> = /* @__PURE__ */ schemaError(${args});`,
    `/** An instance of \`${cls}\`. */`,
    `export type ${cls} = SchemaError<"${cls}">;`,
    "",
  ].join("\n");
}

/** Source of `generated/errors.ts`: the classes, the wire names and their error types. */
export function buildErrors(schema: Schema, header: string, src = "../src"): string {
  const errors = allErrors(schema);
  return [
    header,
    `import { type SchemaError, type SchemaErrorClass, schemaError } from "${src}/errors/define-error.js";`,
    "",
    ...errors.map(classSource),
    "/** The wire name (`error` of the body) of every error of the schema. */",
    "export type SchemaErrorName =",
    ...errors.map((e, i) => `  | ${JSON.stringify(e.name)}${i === errors.length - 1 ? ";" : ""}`),
    "",
    "/** The error type of each wire name, for `isServiceError(e, name)`. */",
    "export interface SchemaErrorTypes {",
    ...errors.map((e) => `  ${e.name}: ${className(e)};`),
    "}",
    "",
  ].join("\n");
}

/**
 * Source of `generated/error-table.ts`: the tables the runtime reads (wire code → class, wire name
 * → code, every definition). Kept apart from the classes so that the package's root entry can
 * export every class of `errors.ts` and none of these.
 */
export function buildErrorTable(schema: Schema, header: string, src = "../src"): string {
  const errors = allErrors(schema);
  return [
    header,
    `import type { ErrorDefinition, ServiceError, ServiceErrorOptions } from "${src}/errors/service-error.js";`,
    `import { ${errors.map(className).join(", ")} } from "./errors.js";`,
    "",
    "/** Every error class, in schema order: the tables below are read from their definitions. */",
    "const classes = [",
    ...errors.map((e) => `  ${className(e)},`),
    "];",
    "",
    "/** Every error class, by wire code. */",
    "export const errorClassByCode: ReadonlyMap<number, new (options?: ServiceErrorOptions) => ServiceError> = /* @__PURE__ */ new Map(",
    "  /* @__PURE__ */ classes.map((c) => [c.definition.code, c]),",
    ");",
    "",
    "/** Every error of the schema: wire name, code, message and HTTP status, in schema order. */",
    "export const errorDefinitions: readonly ErrorDefinition[] = /* @__PURE__ */ classes.map((c) => c.definition);",
    "",
  ].join("\n");
}

/**
 * Source of `generated/error-codes.ts`: the wire code of every error by wire name, as plain data
 * with no import, so that any room (retry decisions, message hints) reads codes from it instead of
 * writing them as number literals.
 */
export function buildErrorCodes(schema: Schema, header: string): string {
  return [
    header,
    "/** The wire code of every error of the schema (webrpc's built-in ones first), by wire name. */",
    "export const ERROR_CODES = {",
    ...allErrors(schema).map((e) => `  ${e.name}: ${e.code},`),
    "} as const;",
    "",
    "// One constant per code as well: a bundle keeps only those it reads.",
    ...allErrors(schema).map(
      (e) => `/** Wire code of \`${e.name}\`. */\nexport const ${e.name}Code = ${e.code};`,
    ),
    "",
  ].join("\n");
}
