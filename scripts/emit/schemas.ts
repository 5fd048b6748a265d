/**
 * One JSON Schema 2020-12 document per named type, linked by relative `$ref`s, in either profile.
 * The published profile is written to `generated/schemas/`; the validator profile feeds ajv.
 */
import type { Schema } from "../ridl/schema.js";
import { type Direction, Directions } from "./directions.js";
import {
  enumSchema,
  type JsonSchema,
  namedSchema,
  type Profile,
  structSchema,
} from "./json-schema.js";
import { SchemaModel } from "./model.js";
import { knownEnumName } from "./named-types.js";

/** Base URI of the published documents' `$id`s. */
export function schemaBaseUri(schema: Schema, profile: Profile): string {
  const base = `https://schemas.xchain-intents.dev/${schema.version || "unversioned"}/`;
  return profile === "published" ? base : `${base}validator/`;
}

/**
 * The validators' documents, keyed by their TypeScript names (see `directions.ts`): per struct its
 * open form, and its closed form where that differs; per enum the open `E` (any string) and the
 * closed `KnownE` (the listed values).
 */
function validatorSchemas(schema: Schema): Map<string, JsonSchema> {
  const model = new SchemaModel(schema);
  const directions = new Directions(model);
  const base = schemaBaseUri(schema, "validator");
  const docs = new Map<string, JsonSchema>();
  const refIn = (direction: Direction) => (name: string) => {
    const t = model.type(name);
    if (t.kind === "struct") return `${directions.structName(name, direction)}.json`;
    if (t.kind === "enum" && direction === "closed") return `${knownEnumName(name)}.json`;
    return `${name}.json`;
  };
  const add = (name: string, body: JsonSchema) =>
    docs.set(name, { $id: `${base}${name}.json`, ...body });
  for (const t of schema.types) {
    if (t.kind === "struct") {
      const open = refIn("open");
      add(directions.structName(t.name, "open"), structSchema(model, t, "validator", open));
      if (!directions.closedStructs.has(t.name)) continue;
      const closed = refIn("closed");
      const pick = (f: { type: string }) => (directions.isEcho(f.type) ? open : closed);
      add(
        directions.structName(t.name, "closed"),
        structSchema(model, t, "validator", closed, pick),
      );
    } else if (t.kind === "enum") {
      add(t.name, enumSchema(t, "validator"));
      add(knownEnumName(t.name), enumSchema(t, "validator", true));
    } else {
      add(t.name, namedSchema(model, t.name, "validator", refIn("open")));
    }
  }
  return docs;
}

/** The documents, keyed by type name, in schema order. */
export function buildJsonSchemas(
  schema: Schema,
  profile: Profile,
  comment?: string,
): Map<string, JsonSchema> {
  if (profile === "validator") return validatorSchemas(schema);
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
