/**
 * Walks a response value alongside its published JSON Schema (`generated/schemas/*.json`): every
 * field present, with its schema, and every required field of every object present. Drives the
 * "each required field missing" and "each field of a wrong type" cases.
 */
import { readFileSync } from "node:fs";
import { repoPath } from "../runtimes/harness.js";

export interface FieldSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  properties?: Record<string, FieldSchema>;
  required?: string[];
  items?: FieldSchema;
}

const dir = repoPath("generated/schemas/");
const cache = new Map<string, FieldSchema>();

/** The published schema of type `name` (`Intent`). */
export function schemaOf(name: string): FieldSchema {
  let s = cache.get(name);
  if (!s) {
    s = JSON.parse(readFileSync(`${dir}${name}.json`, "utf8")) as FieldSchema;
    cache.set(name, s);
  }
  return s;
}

function resolve(s: FieldSchema): FieldSchema {
  let out = s;
  for (let i = 0; out.$ref !== undefined && i < 20; i++)
    out = schemaOf(out.$ref.replace(/\.json$/, ""));
  return out;
}

/** The kind of value a field holds. */
export type Kind =
  | "bigint"
  | "string"
  | "integer"
  | "number"
  | "boolean"
  | "object"
  | "array"
  | "any";

export function kindOf(s: FieldSchema): Kind {
  const r = resolve(s);
  if (r.format === "bigint") return "bigint";
  const t = Array.isArray(r.type) ? r.type[0] : r.type;
  if (t === "string" || t === "integer" || t === "number" || t === "boolean") return t;
  if (t === "object" || r.properties) return "object";
  if (t === "array" || r.items) return "array";
  return "any";
}

/** A field found in a value: its JSON pointer segments and schema. */
export interface Field {
  path: (string | number)[];
  kind: Kind;
}

/** A required property of an object present in the value. */
export interface Required {
  parent: (string | number)[];
  key: string;
}

/**
 * Every field of `value` that its schema describes (the first two items of each array), and every
 * required property of every object visited.
 */
export function walk(
  value: unknown,
  schema: FieldSchema,
): { fields: Field[]; required: Required[] } {
  const fields: Field[] = [];
  const required: Required[] = [];
  const visit = (v: unknown, s: FieldSchema, path: (string | number)[]) => {
    const r = resolve(s);
    if (path.length > 0) fields.push({ path, kind: kindOf(r) });
    if (Array.isArray(v) && r.items) {
      v.slice(0, 2).forEach((item, i) => {
        visit(item, r.items as FieldSchema, [...path, i]);
      });
    } else if (v !== null && typeof v === "object" && r.properties) {
      for (const key of r.required ?? []) {
        if (Object.hasOwn(v, key)) required.push({ parent: path, key });
      }
      for (const [key, child] of Object.entries(r.properties)) {
        if (Object.hasOwn(v, key))
          visit((v as Record<string, unknown>)[key], child, [...path, key]);
      }
    }
  };
  visit(value, schema, []);
  return { fields, required };
}

/** A JSON pointer of `path`. */
export function pointer(path: readonly (string | number)[]): string {
  return path.map((p) => `/${String(p).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

/** A deep copy of the plain JSON value `v` with the value at `path` replaced (or removed). */
export function edit(
  v: unknown,
  path: readonly (string | number)[],
  change: { set: unknown } | { remove: true },
): unknown {
  const copy = structuredClone(v) as Record<string | number, unknown>;
  let holder: Record<string | number, unknown> = copy;
  for (const p of path.slice(0, -1)) holder = holder[p] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if ("remove" in change) delete holder[last];
  else holder[last] = change.set;
  return copy;
}

/** The value at `path` of `v`. */
export function at(v: unknown, path: readonly (string | number)[]): unknown {
  let cur = v;
  for (const p of path) cur = (cur as Record<string | number, unknown>)[p];
  return cur;
}
