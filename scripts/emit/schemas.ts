/**
 * One JSON Schema 2020-12 document per named type, linked by relative `$ref`s, in either profile.
 * The published profile is written to `generated/schemas/`; the validator profile feeds ajv.
 */
import type { Schema } from "../ridl/schema.js";
import { type JsonSchema, namedSchema, type Profile } from "./json-schema.js";
import { SchemaModel } from "./model.js";

/** Base URI of the published documents' `$id`s. */
export function schemaBaseUri(schema: Schema, profile: Profile): string {
  const base = `https://schemas.xchain-intents.dev/${schema.version || "unversioned"}/`;
  return profile === "published" ? base : `${base}validator/`;
}

/** The documents, keyed by type name, in schema order. */
export function buildJsonSchemas(
  schema: Schema,
  profile: Profile,
  comment?: string,
): Map<string, JsonSchema> {
  const model = new SchemaModel(schema);
  const base = schemaBaseUri(schema, profile);
  const docs = new Map<string, JsonSchema>();
  for (const t of schema.types) {
    // Validator documents stay within the draft-07 vocabulary so that ajv's default (leaner)
    // code generator compiles them; the published ones declare 2020-12.
    const doc: JsonSchema =
      profile === "published"
        ? { $schema: "https://json-schema.org/draft/2020-12/schema", $id: `${base}${t.name}.json` }
        : { $id: `${base}${t.name}.json` };
    if (comment) doc.$comment = comment;
    if (profile === "published") doc.title = t.name;
    Object.assign(
      doc,
      namedSchema(model, t.name, profile, (name) => `${name}.json`),
    );
    docs.set(t.name, doc);
  }
  return docs;
}
