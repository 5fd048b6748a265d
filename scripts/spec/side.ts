/** One schema of the comparison, indexed: its named types and the wire form of its fields. */
import type { Field, Schema, SchemaType, StructType } from "../ridl/index.js";
import { requestBounds } from "./request-bounds.js";

/** A struct field or a method argument, as the wire sees it. */
export interface WireField {
  /** The name on the wire (a `json` meta wins over the RIDL name). */
  name: string;
  type: string;
  optional: boolean;
  /** Its `+ request.<key>` bounds, by key (`maxLength`, `minimum`, …). */
  bounds: Readonly<Record<string, string>>;
}

function wireName(field: Field): string {
  for (const meta of field.meta ?? []) {
    if (meta.json !== undefined) return meta.json.split(",")[0] || field.name;
  }
  return field.name;
}

/** The fields of a struct that appear on the wire (`+ json = -` removes one). */
export function wireFields(struct: StructType): WireField[] {
  return (struct.fields ?? [])
    .map((f) => ({
      name: wireName(f),
      type: f.type,
      optional: f.optional === true,
      bounds: requestBounds(f),
    }))
    .filter((f) => f.name !== "-");
}

/** A schema with its types by name. */
export class Side {
  readonly types = new Map<string, SchemaType>();

  constructor(readonly schema: Schema) {
    for (const t of schema.types) if (!this.types.has(t.name)) this.types.set(t.name, t);
  }

  /** The named type, if the schema has it. */
  readonly lookup = (name: string): SchemaType | undefined => this.types.get(name);

  /** The struct of that name, if it is one. */
  struct(name: string): StructType | undefined {
    const t = this.types.get(name);
    return t?.kind === "struct" ? t : undefined;
  }
}
