/**
 * The optional fields of a request type, read from its published JSON Schema
 * (`generated/schemas/*.json`): every property an object schema does not list as required, in
 * nested objects and in the first item of arrays, as paths of member names and indexes.
 */
import { readFileSync } from "node:fs";
import { repoPath } from "./runtimes/harness.js";

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
}

/** A path to a field: member names, and `0` for the first item of an array. */
export type FieldPath = (string | number)[];

const dir = repoPath("generated/schemas/");

function load(name: string): Schema {
  return JSON.parse(readFileSync(`${dir}${name}.json`, "utf8")) as Schema;
}

function resolve(s: Schema): Schema {
  let out = s;
  for (let i = 0; out.$ref !== undefined && i < 20; i++)
    out = load(out.$ref.replace(/\.json$/, ""));
  return out;
}

/** Every optional field of `typeName`, to `maxDepth` levels of nesting. */
export function optionalFieldPaths(typeName: string, maxDepth = 4): FieldPath[] {
  const out: FieldPath[] = [];
  const visit = (schema: Schema, at: FieldPath, depth: number) => {
    const s = resolve(schema);
    if (depth > maxDepth) return;
    if (s.items !== undefined) {
      visit(s.items, [...at, 0], depth + 1);
      return;
    }
    const required = new Set(s.required ?? []);
    for (const [name, member] of Object.entries(s.properties ?? {})) {
      if (!required.has(name)) out.push([...at, name]);
      visit(member, [...at, name], depth + 1);
    }
  };
  visit(load(typeName), [], 0);
  return out;
}

function copy(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/** The parent of `path` in `root`, made where missing (an object, or an array of one object). */
function parentOf(
  root: Record<string, unknown>,
  path: FieldPath,
): Record<string | number, unknown> {
  let at: Record<string | number, unknown> = root;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] as string | number;
    const nextIsIndex = typeof path[i + 1] === "number";
    if (at[key] === null || typeof at[key] !== "object") at[key] = nextIsIndex ? [{}] : {};
    at = at[key] as Record<string | number, unknown>;
  }
  return at;
}

/** A copy of `value` with `v` at `path` (parents made where missing). */
export function withValueAt(value: unknown, path: FieldPath, v: unknown): unknown {
  const root = (copy(value) ?? {}) as Record<string, unknown>;
  parentOf(root, path)[path[path.length - 1] as string | number] = v;
  return root;
}

/** A copy of `value` without `path` (parents made where missing, as `withValueAt` makes them). */
export function withoutValueAt(value: unknown, path: FieldPath): unknown {
  const root = (copy(value) ?? {}) as Record<string, unknown>;
  delete parentOf(root, path)[path[path.length - 1] as string | number];
  return root;
}
