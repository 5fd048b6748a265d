/**
 * `generated/errors.ts`: one class per error (webrpc's built-ins and the schema's), each built by
 * `defineError` from its table row, the code ⇄ class table, and a cross-realm `is<Name>Error`
 * guard per class.
 */
import type { Schema, SchemaError } from "../ridl/schema.js";
import { allErrors } from "./errors-table.js";

const className = (e: SchemaError) => `${e.name}Error`;

function classSource(e: SchemaError): string {
  const cls = className(e);
  const def = JSON.stringify({
    name: cls,
    error: e.name,
    code: e.code,
    status: e.httpStatus,
    message: e.message,
  });
  return [
    `/** \`${e.name}\` (code ${e.code}, HTTP ${e.httpStatus}): ${e.message.replace(/\*\//g, "* /")} */`,
    `export const ${cls}: SchemaErrorClass<"${cls}"> = /* @__PURE__ */ defineError(${def});`,
    `/** An instance of \`${cls}\`. */`,
    `export type ${cls} = SchemaError<"${cls}">;`,
    `/** Whether \`value\` is a \`${cls}\` (also across realms: checked by name and code). */`,
    `export const is${cls}: (value: unknown) => value is ${cls} = /* @__PURE__ */ errorGuard(${cls});`,
    "",
  ].join("\n");
}

/** Source of `generated/errors.ts`. */
export function buildErrors(schema: Schema, header: string, src = "../src"): string {
  const errors = allErrors(schema);
  return [
    header,
    `import { defineError, errorGuard, type SchemaError, type SchemaErrorClass } from "${src}/errors/define-error.js";`,
    `import type { ErrorDefinition, ServiceError, ServiceErrorOptions } from "${src}/errors/service-error.js";`,
    "",
    ...errors.map(classSource),
    "/** Every error class, by wire code. */",
    "export const errorClassByCode: ReadonlyMap<number, new (options?: ServiceErrorOptions) => ServiceError> = new Map<number, new (options?: ServiceErrorOptions) => ServiceError>([",
    ...errors.map((e) => `  [${e.code}, ${className(e)}],`),
    "]);",
    "",
    "/** Every error of the schema: wire name, code, message and HTTP status, in schema order. */",
    "export const errorDefinitions: readonly ErrorDefinition[] = [",
    ...errors.map((e) => `  ${className(e)}.definition,`),
    "];",
    "",
  ].join("\n");
}
