/**
 * Canonical RIDL type strings (`[]map<string,Foo>`, as the parsed schema spells them) as trees,
 * and the TypeScript type this SDK gives each, for telling source-level changes apart.
 */
import { parseTypeExpr, type TypeExpr } from "../emit/model.js";
import type { SchemaType } from "../ridl/index.js";

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
