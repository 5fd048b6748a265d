/**
 * Canonical RIDL type strings (`[]map<string,Foo>`, as the parsed schema spells them) as trees,
 * and the TypeScript type this SDK gives each, for telling source-level changes apart.
 */
import type { SchemaType } from "../ridl/index.js";

/** A type expression. */
export type TypeExpr =
  | { kind: "core"; name: string }
  | { kind: "list"; elem: TypeExpr }
  | { kind: "map"; key: TypeExpr; value: TypeExpr }
  | { kind: "named"; name: string };

const CORE = new Set([
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

/** Parses a canonical type string; a map splits at its first top-level comma. */
export function parseTypeExpr(text: string): TypeExpr {
  if (text.startsWith("[]")) return { kind: "list", elem: parseTypeExpr(text.slice(2)) };
  if (text.startsWith("map<") && text.endsWith(">")) {
    const inner = text.slice(4, -1);
    let depth = 0;
    for (let i = 0; i < inner.length; i++) {
      const ch = inner[i];
      if (ch === "<") depth++;
      else if (ch === ">") depth--;
      else if (ch === "," && depth === 0) {
        return {
          kind: "map",
          key: parseTypeExpr(inner.slice(0, i)),
          value: parseTypeExpr(inner.slice(i + 1)),
        };
      }
    }
  }
  return CORE.has(text) ? { kind: "core", name: text } : { kind: "named", name: text };
}

const TS_CORE: Readonly<Record<string, string>> = {
  bigint: "bigint",
  bool: "boolean",
  string: "string",
  timestamp: "string",
  null: "null",
  any: "unknown",
};

/**
 * The TypeScript type of `expr` with named structs and enums left as placeholders (their renames
 * are reported on their own): integers and floats `number`, `bigint` `bigint`, an alias of
 * `uint64`/`int64` `number | bigint`, other aliases their target.
 */
export function tsTypeOf(
  expr: TypeExpr,
  lookup: (name: string) => SchemaType | undefined,
  depth = 0,
): string {
  switch (expr.kind) {
    case "core":
      return TS_CORE[expr.name] ?? "number";
    case "list":
      return `${tsTypeOf(expr.elem, lookup, depth)}[]`;
    case "map":
      return `Record<${tsTypeOf(expr.key, lookup, depth)},${tsTypeOf(expr.value, lookup, depth)}>`;
    case "named": {
      const t = lookup(expr.name);
      if (t?.kind !== "alias" || depth > 32) return t?.kind ?? "unknown";
      if (t.type === "uint64" || t.type === "int64") return "number | bigint";
      return tsTypeOf(parseTypeExpr(t.type), lookup, depth + 1);
    }
  }
}
