/**
 * One JSON Schema 2020-12 document per named type, linked by relative `$ref`s, in either profile.
 * The published profile is written to `generated/schemas/`; the validator profile feeds ajv.
 */
import type { Schema } from "../ridl/schema.js";
import { type Direction, Directions } from "./directions.js";
import {
  type ClosedForm,
  enumSchema,
  exprSchema,
  type JsonSchema,
  namedSchema,
  type Profile,
  structSchema,
} from "./json-schema.js";
import { parseTypeExpr, SchemaModel } from "./model.js";
import { knownEnumName } from "./named-types.js";
import { closedFieldSchema } from "./request-fields.js";
import { CROSS_FIELD_RULES } from "./request-rules.js";

/**
 * Whether a field's type holds a struct or an enum (through lists and maps): an echo field of such
 * a type keeps what the service sent, open enums and all; a scalar or alias echo (an intent id,
 * an address) is bounded like any request field.
 */
function holdsStructOrEnum(model: SchemaModel, type: string): boolean {
  const expr = parseTypeExpr(type.replace(/^(\[\])+/, ""));
  if (expr.kind !== "named") return expr.kind === "map";
  return model.type(expr.name).kind !== "alias";
}

/** Base URI of the published documents' `$id`s. */
export function schemaBaseUri(schema: Schema, profile: Profile): string {
  const base = `https://schemas.xchain-intents.dev/${schema.version || "unversioned"}/`;
  return profile === "published" ? base : `${base}validator/`;
}

/**
 * The documents of one profile, keyed by their TypeScript names (see `directions.ts`), each
 * referring to the others through `refOf`: per struct its open form, and its closed form where
 * that differs (what requests carry); per enum the open `E` (any string; published, the known
 * values listed) and the closed `KnownE` (the listed values). The published JSON Schemas, the
 * OpenAPI document's components and the validators are all written from it.
 */
export function directedSchemas(
  schema: Schema,
  profile: Profile,
  refOf: (name: string) => string,
): Map<string, JsonSchema> {
  const model = new SchemaModel(schema);
  const directions = new Directions(model);
  const docs = new Map<string, JsonSchema>();
  const refIn = (direction: Direction) => (name: string) => {
    const t = model.type(name);
    if (t.kind === "struct") return refOf(directions.structName(name, direction));
    if (t.kind === "enum" && direction === "closed") return refOf(knownEnumName(name));
    return refOf(name);
  };
  const open = refIn("open");
  const closed = refIn("closed");
  const pick = (f: { type: string }) => (directions.isEcho(f.type) ? open : closed);
  for (const t of schema.types) {
    if (t.kind === "struct") {
      // The closed form: request bounds on every field but echoes.
      const form: ClosedForm = {
        field: (f) =>
          directions.isEcho(f.type) && holdsStructOrEnum(model, f.type)
            ? undefined
            : closedFieldSchema(model, f, profile, (e) => exprSchema(e, profile, closed)),
        rules: CROSS_FIELD_RULES[t.name] ?? [],
      };
      if (directions.isOnlyClosed(t.name)) {
        docs.set(t.name, structSchema(model, t, profile, closed, pick, form));
        continue;
      }
      docs.set(directions.structName(t.name, "open"), structSchema(model, t, profile, open));
      if (!directions.closedStructs.has(t.name)) continue;
      docs.set(
        directions.structName(t.name, "closed"),
        structSchema(model, t, profile, closed, pick, form),
      );
    } else if (t.kind === "enum") {
      docs.set(t.name, enumSchema(t, profile));
      docs.set(knownEnumName(t.name), enumSchema(t, profile, true));
    } else {
      docs.set(t.name, namedSchema(model, t.name, profile, refIn("open")));
    }
  }
  return docs;
}

/** The documents, keyed by type name, in schema order, each with its `$id`. */
export function buildJsonSchemas(
  schema: Schema,
  profile: Profile,
  comment?: string,
): Map<string, JsonSchema> {
  const base = schemaBaseUri(schema, profile);
  const docs = new Map<string, JsonSchema>();
  for (const [name, body] of directedSchemas(schema, profile, (n) => `${n}.json`)) {
    // Validator documents stay within the draft-07 vocabulary so that ajv's default (leaner)
    // code generator compiles them; the published ones declare 2020-12.
    const doc: JsonSchema =
      profile === "published"
        ? { $schema: "https://json-schema.org/draft/2020-12/schema", $id: `${base}${name}.json` }
        : { $id: `${base}${name}.json` };
    if (comment) doc.$comment = comment;
    if (profile === "published") doc.title = name;
    docs.set(name, Object.assign(doc, body));
  }
  return docs;
}
