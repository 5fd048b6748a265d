/**
 * The set of JSON values a type accepts on this project's wire, and how two such sets compare.
 * Structs and enums are compared member by member elsewhere; here they only meet other kinds.
 */

import { parseTypeExpr, type TypeExpr } from "../emit/model.js";
import type { SchemaType } from "../ridl/index.js";
import type { Role } from "./change.js";

/** A type's wire values. */
export type Domain =
  | { k: "any" }
  | { k: "null" }
  | { k: "bool" }
  | { k: "int"; min: bigint | undefined; max: bigint | undefined }
  | { k: "bigint" }
  | { k: "number" }
  | { k: "string"; pattern: string | undefined; format: string | undefined }
  | { k: "enum"; open: boolean }
  | { k: "struct" }
  | { k: "list"; elem: Domain }
  | { k: "map"; key: Domain; value: Domain };

const INT_BOUNDS: Readonly<Record<string, [bigint | undefined, bigint | undefined]>> = {
  byte: [0n, 255n],
  uint8: [0n, 255n],
  uint16: [0n, 65535n],
  uint32: [0n, 4294967295n],
  uint: [0n, undefined],
  uint64: [0n, undefined],
  int8: [-128n, 127n],
  int16: [-32768n, 32767n],
  int32: [-2147483648n, 2147483647n],
  int: [undefined, undefined],
  int64: [undefined, undefined],
};

/** Finds a named type of one side. */
export type Lookup = (name: string) => SchemaType | undefined;

function core(name: string): Domain {
  const bounds = INT_BOUNDS[name];
  if (bounds) return { k: "int", min: bounds[0], max: bounds[1] };
  switch (name) {
    case "bigint":
      return { k: "bigint" };
    case "float32":
    case "float64":
      return { k: "number" };
    case "bool":
      return { k: "bool" };
    case "null":
      return { k: "null" };
    case "timestamp":
      return { k: "string", pattern: undefined, format: "date-time" };
    case "string":
      return { k: "string", pattern: undefined, format: undefined };
    default:
      return { k: "any" };
  }
}

/** The wire values of `expr` met in `role` (response enums are open, request enums closed). */
export function domainOf(expr: TypeExpr, role: Role, lookup: Lookup, depth = 0): Domain {
  switch (expr.kind) {
    case "core":
      return core(expr.name);
    case "list":
      return { k: "list", elem: domainOf(expr.elem, role, lookup, depth) };
    case "map":
      return {
        k: "map",
        key: domainOf(expr.key, role, lookup, depth),
        value: domainOf(expr.value, role, lookup, depth),
      };
    case "named": {
      const t = lookup(expr.name);
      if (!t || t.kind === "struct") return { k: "struct" };
      if (t.kind === "enum") return { k: "enum", open: role === "response" };
      if (depth > 32) return { k: "any" };
      const target = domainOf(parseTypeExpr(t.type), role, lookup, depth + 1);
      const pattern = t.meta?.find((m) => m.pattern !== undefined)?.pattern;
      return target.k === "string" && pattern !== undefined ? { ...target, pattern } : target;
    }
  }
}

const within = (a: bigint | undefined, b: bigint | undefined, lower: boolean): boolean =>
  b === undefined || (a !== undefined && (lower ? a >= b : a <= b));

/** Whether every value of `a` is a value of `b`. */
export function subset(a: Domain, b: Domain): boolean {
  if (b.k === "any") return true;
  switch (a.k) {
    case "any":
      return false;
    case "int":
      if (b.k === "int") return within(a.min, b.min, true) && within(a.max, b.max, false);
      return b.k === "bigint" || b.k === "number";
    case "string":
      if (b.k === "enum") return b.open;
      return (
        b.k === "string" &&
        (b.pattern === undefined || b.pattern === a.pattern) &&
        (b.format === undefined || b.format === a.format)
      );
    case "enum":
      return b.k === "enum" || (b.k === "string" && b.pattern === undefined);
    case "list":
      return b.k === "list" && subset(a.elem, b.elem);
    case "map":
      return b.k === "map" && subset(a.key, b.key) && subset(a.value, b.value);
    default:
      return a.k === b.k;
  }
}

/** How the new values compare with the old: the same, more (widened), fewer, or neither. */
export type Relation = "equal" | "widened" | "narrowed" | "changed";

/** The relation from `before` to `after`. */
export function relation(before: Domain, after: Domain): Relation {
  const down = subset(before, after);
  const up = subset(after, before);
  if (down && up) return "equal";
  if (down) return "widened";
  if (up) return "narrowed";
  return "changed";
}
