/**
 * Resolution of type expression strings (`[]T`, `map<K,V>`, core types, named types) against a
 * schema's types, and their canonical spelling. Used while building a file's schema and again by
 * validation (which re-resolves every reference against the final, merged type list).
 */
import { TypeExprError } from "./errors.js";
import type { SchemaType } from "./schema.js";

/** The core type names. */
export const CORE_TYPES: ReadonlySet<string> = new Set([
  "null",
  "any",
  "byte",
  "bool",
  "uint",
  "uint8",
  "uint16",
  "uint32",
  "uint64",
  "int",
  "int8",
  "int16",
  "int32",
  "int64",
  "bigint",
  "float32",
  "float64",
  "string",
  "timestamp",
]);

/** Core types allowed as map keys (besides enums and aliases of enums). */
const MAP_KEY_CORE: ReadonlySet<string> = new Set([
  "string",
  "uint",
  "uint8",
  "uint16",
  "uint32",
  "uint64",
  "int",
  "int8",
  "int16",
  "int32",
  "int64",
]);

/** Integer core types (valid enum bases, together with `string`). */
export const INTEGER_TYPES: ReadonlySet<string> = new Set([
  "uint",
  "uint8",
  "uint16",
  "uint32",
  "uint64",
  "int",
  "int8",
  "int16",
  "int32",
  "int64",
]);

/** A resolved type. */
export type VarType =
  | { kind: "core"; name: string }
  | { kind: "list"; elem: VarType }
  | { kind: "map"; key: VarType; value: VarType }
  | { kind: "ref"; type: SchemaType };

/** Canonical spelling: no spaces, `[]T`, `map<K,V>`. */
export function typeString(t: VarType): string {
  switch (t.kind) {
    case "core":
      return t.name;
    case "list":
      return `[]${typeString(t.elem)}`;
    case "map":
      return `map<${typeString(t.key)},${typeString(t.value)}>`;
    case "ref":
      return t.type.name;
  }
}

/** Resolves `expr` against `types` (names are case-sensitive); throws {@link TypeExprError}. */
export function parseTypeExpr(expr: string, types: readonly SchemaType[]): VarType {
  if (expr.startsWith("[]")) return { kind: "list", elem: parseTypeExpr(expr.slice(2), types) };
  if (expr.startsWith("map<") && expr.endsWith(">")) return parseMap(expr, types);
  if (CORE_TYPES.has(expr)) return { kind: "core", name: expr };
  const type = types.find((t) => t.name === expr);
  if (type === undefined || expr === "")
    throw new TypeExprError(`schema error: invalid type '${expr}'`);
  return { kind: "ref", type };
}

function parseMap(expr: string, types: readonly SchemaType[]): VarType {
  const inner = expr.slice(4, -1);
  let depth = 0;
  let comma = -1;
  for (let i = 0; i < inner.length && comma < 0; i++) {
    const ch = inner[i];
    if (ch === "<") depth++;
    else if (ch === ">") depth--;
    else if (ch === "," && depth === 0) comma = i;
  }
  if (comma < 0) throw new TypeExprError(`schema error: invalid map expression '${expr}'`);
  const keyExpr = inner.slice(0, comma);
  const key = parseTypeExpr(keyExpr, types);
  if (!isMapKey(key, types)) {
    throw new TypeExprError(`schema error: invalid map key '${keyExpr}' in '${expr}'`);
  }
  return { kind: "map", key, value: parseTypeExpr(inner.slice(comma + 1), types) };
}

/** Map keys: string/integer core types, enums, and aliases whose target is an enum. */
function isMapKey(key: VarType, types: readonly SchemaType[]): boolean {
  if (key.kind === "core") return MAP_KEY_CORE.has(key.name);
  if (key.kind !== "ref") return false;
  if (key.type.kind === "enum") return true;
  if (key.type.kind !== "alias") return false;
  const target = key.type.type;
  return types.some((t) => t.kind === "enum" && t.name === target);
}
