/**
 * Every emitter, run in order from one parsed schema. Returns the files of `generated/` by
 * relative path; writing them (or comparing them) is the caller's business.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checkAnnotations } from "../ridl/annotations.js";
import { parseRidl, schemaHash } from "../ridl/index.js";
import type { Schema } from "../ridl/schema.js";
import { buildClient, buildClientMethods, buildQueryKeys } from "./client.js";
import { buildDevFiller, buildDevToken } from "./dev-token.js";
import { buildErrorCodes, buildErrors, buildErrorTable } from "./errors.js";
import { formatCode, isFormattedCode } from "./format.js";
import { codeHeader, jsonNote } from "./header.js";
import { jsonText } from "./json-schema.js";
import { methodTypes, SchemaModel } from "./model.js";
import { buildOpenApi } from "./openapi.js";
import { buildOperations } from "./operations.js";
import { buildRequestChecks } from "./request-checks.js";
import { buildJsonSchemas } from "./schemas.js";
import { withSuccinctMethods } from "./succinct.js";
import { buildOpenapiTypes, buildTypes } from "./types.js";
import { buildValidators } from "./validators.js";

/** Path of the schema, relative to the repository root. */
export const SCHEMA_PATH = "schema/service.ridl";

const json = jsonText;

/** Types that get a standalone validator: every request and response, and the intent. */
export function validatedTypes(schema: Schema): string[] {
  const names = new Set<string>();
  for (const { method } of new SchemaModel(schema).methods()) {
    const { request, response } = methodTypes(method);
    names.add(request).add(response);
  }
  if (schema.types.some((t) => t.name === "Intent")) names.add("Intent");
  return [...names];
}

/**
 * Generates every file of `generated/` from the schema at `root/schema/service.ridl`. Generated
 * files import the handwritten layer from `root/src` (`../src/…`).
 */
export async function generateAll(root: string): Promise<Map<string, string>> {
  const path = join(root, SCHEMA_PATH);
  const written = parseRidl(readFileSync(path, "utf8"), path);
  checkAnnotations(written);
  const hash = schemaHash(written);
  const schema = withSuccinctMethods(written);
  const header = codeHeader(SCHEMA_PATH);
  const note = jsonNote(SCHEMA_PATH);
  const src = "../src";

  const files = new Map<string, string>();
  const openapi = buildOpenApi(schema, {
    schemaHash: hash,
    title: "Cross-chain intent service",
    description:
      "Look up pay routes, quote an intent, commit it within 5 minutes, execute it within 10, and " +
      `follow it to a receipt. ${note}`,
  });
  files.set("openapi.json", json(openapi));
  for (const [name, doc] of buildJsonSchemas(schema, "published", note)) {
    files.set(`schemas/${name}.json`, json(doc));
  }
  files.set("types.ts", buildTypes(schema, header));
  files.set("openapi-types.ts", await buildOpenapiTypes(schema, openapi, header));
  const validators = buildValidators(schema, validatedTypes(schema), header);
  files.set("validators.js", validators.js);
  files.set("validators.d.ts", validators.dts);
  files.set("errors.ts", buildErrors(schema, header, src));
  files.set("error-table.ts", buildErrorTable(schema, header, src));
  files.set("error-codes.ts", buildErrorCodes(schema, header));
  files.set("operations.ts", buildOperations(schema, hash, header));
  files.set("client.ts", buildClient(schema, header, src));
  files.set("client-methods.ts", buildClientMethods(schema, header, src));
  files.set("query-keys.ts", buildQueryKeys(schema, header, src));
  for (const [path, text] of buildRequestChecks(schema, header)) files.set(path, text);
  files.set("dev-token.ts", buildDevToken());
  files.set("dev-filler.ts", buildDevFiller());
  for (const [path, text] of files) {
    if (!isFormattedCode(path)) continue;
    files.set(
      path,
      formatCode(text, path.endsWith(".d.ts") ? "d.ts" : path.endsWith(".js") ? "js" : "ts"),
    );
  }
  return files;
}
