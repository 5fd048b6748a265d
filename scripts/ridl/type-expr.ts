/**
 * Resolution of type expression strings against a schema's types, as webrpc's
 * `ParseVarTypeExpr` does it, and their canonical spelling (`buildVarTypeExpr`).
 *
 * Rules that show in webrpc's output and errors, reproduced here:
 * - `[]T` is a list of T; a string starting with `map<` is a map; the bare words `map` and `[]`
 *   are the map and list kinds with nothing to parse (`invalid map expr for 'map'`, `[]<unknown>`);
 * - a map splits at its FIRST comma, nesting ignored (`map<map<a,b>,c>` has key `map<a`); its
 *   key is a string or integer core type, or a type named case-insensitively that is an enum or
 *   an alias of an enum, spelled in the canonical form as written;
 * - an empty expression (`map<string,>`'s value) resolves to nothing and is spelled `<unknown>`;
 * - other names are looked up case-sensitively (first match).
 *
 * Deliberate difference: webrpc crashes with a nil-pointer panic when a map key names a struct,
 * or an alias whose own target is not resolved yet (an alias target that uses an alias declared
 * after it). Both are reported here as an invalid map key.
 */
import { TypeExprError } from "./errors.js";
import type { AliasType, SchemaType } from "./schema.js";

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

/** A resolved type. `key` of a map is the key expression as written. */
export type VarType =
  | { kind: "unknown" }
  | { kind: "core"; name: string }
  | { kind: "list"; elem: VarType }
  | { kind: "map"; key: string; value: VarType }
  | { kind: "ref"; name: string; type: SchemaType };

/**
 * The resolved target of each alias, recorded when the alias is resolved (an imported alias
 * keeps the one it got in its own file). An alias without an entry is not resolved yet.
 */
const aliasTargets = new WeakMap<AliasType, VarType>();

/** Records `alias`'s resolved target (see {@link aliasTargets}). */
export function setAliasTarget(alias: AliasType, target: VarType): void {
  aliasTargets.set(alias, target);
}

/** Canonical spelling: `[]T`, `map<K,V>`, `<unknown>` for nothing. */
export function typeString(t: VarType): string {
  switch (t.kind) {
    case "unknown":
      return "<unknown>";
    case "core":
      return t.name;
    case "list":
      return `[]${typeString(t.elem)}`;
    case "map":
      return `map<${t.key},${typeString(t.value)}>`;
    case "ref":
      return t.name;
  }
}

/** Resolves `expr` against `types`; throws {@link TypeExprError} with webrpc's message. */
export function parseTypeExpr(expr: string, types: readonly SchemaType[]): VarType {
  if (expr === "") return { kind: "unknown" };
  if (expr.startsWith("[]")) {
    return { kind: "list", elem: parseTypeExpr(expr.slice(2), types) };
  }
  if (expr === "map" || expr.startsWith("map<")) return parseMap(expr, types);
  if (CORE_TYPES.has(expr)) return { kind: "core", name: expr };
  const type = types.find((t) => t.name === expr);
  if (type === undefined) throw new TypeExprError(`schema error: invalid type '${expr}'`);
  return { kind: "ref", name: expr, type };
}

function parseMap(expr: string, types: readonly SchemaType[]): VarType {
  if (!expr.startsWith("map<")) {
    throw new TypeExprError(`schema error: invalid map expr for '${expr}'`);
  }
  const rest = expr.slice(3);
  if (!rest.endsWith(">"))
    throw new TypeExprError(`schema error: invalid map syntax for '${rest}'`);
  const inner = rest.slice(1, -1);
  const comma = inner.indexOf(",");
  if (comma < 0) throw new TypeExprError(`schema error: invalid map syntax for '${inner}'`);
  const key = inner.slice(0, comma);
  if (!isMapKey(key, types)) {
    throw new TypeExprError(`schema error: invalid map key '${key}' for '${expr}'`);
  }
  return { kind: "map", key, value: parseTypeExpr(inner.slice(comma + 1), types) };
}

/** String and integer core types, enums, and aliases resolved to an enum. */
function isMapKey(key: string, types: readonly SchemaType[]): boolean {
  // `map` and `[]` are core type words too (the map and list kinds), never valid keys.
  if (CORE_TYPES.has(key) || key === "map" || key === "[]") {
    return key === "string" || INTEGER_TYPES.has(key);
  }
  const lower = key.toLowerCase();
  const type = types.find((t) => t.name.toLowerCase() === lower);
  if (type === undefined || type.kind === "struct") return false;
  if (type.kind === "enum") return true;
  const target = aliasTargets.get(type);
  return target?.kind === "ref" && target.type.kind === "enum";
}
