/**
 * Read-only helpers over a webrpc schema, shared by every emitter: type expressions, lookups,
 * wire names, bigint field paths and the operation list.
 */
import type { Field, Method, Schema, SchemaType, StructType } from "../ridl/schema.js";
import { CORE_TYPES } from "../ridl/type-expr.js";

/** A parsed RIDL type expression. */
export type TypeExpr =
  | { kind: "core"; name: string }
  | { kind: "list"; elem: TypeExpr }
  | { kind: "map"; key: TypeExpr; value: TypeExpr }
  | { kind: "named"; name: string };

/** Parses a canonical type string (`[]map<string,[]Foo>`) into a tree. */
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
    throw new Error(`malformed map type: ${text}`);
  }
  return CORE_TYPES.has(text) ? { kind: "core", name: text } : { kind: "named", name: text };
}

/** The name a field has on the wire: its `json` meta when present, else its RIDL name. */
export function wireName(field: Field): string {
  for (const meta of field.meta ?? []) {
    const json = meta.json;
    if (json !== undefined) return json.split(",")[0] ?? field.name;
  }
  return field.name;
}

/** Fields that appear on the wire (`+ json = -` removes a field). */
export function wireFields(struct: StructType): Field[] {
  return (struct.fields ?? []).filter((f) => wireName(f) !== "-");
}

/** Indexed view of a schema. */
export class SchemaModel {
  readonly types = new Map<string, SchemaType>();

  constructor(readonly schema: Schema) {
    for (const t of schema.types) this.types.set(t.name, t);
  }

  /** The named type, or an error naming it. */
  type(name: string): SchemaType {
    const t = this.types.get(name);
    if (!t) throw new Error(`unknown type ${name}`);
    return t;
  }

  /** Every struct, in schema order. */
  structs(): StructType[] {
    return this.schema.types.filter((t): t is StructType => t.kind === "struct");
  }

  /** Every method of every service, with its service name. */
  methods(): { service: string; method: Method }[] {
    return this.schema.services.flatMap((s) =>
      s.methods.map((m) => ({ service: s.name, method: m })),
    );
  }

  /**
   * Bigint field paths of a type, relative to its root: `a.b`, `list[].x`, `byKey{}`.
   * Aliases are followed; recursion through a struct that contains itself is an error.
   */
  bigintPaths(typeName: string): string[] {
    return this.pathsOf(parseTypeExpr(typeName), "", new Set());
  }

  private pathsOf(expr: TypeExpr, prefix: string, seen: Set<string>): string[] {
    switch (expr.kind) {
      case "core":
        return expr.name === "bigint" ? [prefix] : [];
      case "list":
        return this.pathsOf(expr.elem, `${prefix}[]`, seen);
      case "map":
        return this.pathsOf(expr.value, `${prefix}{}`, seen);
      case "named": {
        const t = this.type(expr.name);
        if (t.kind === "alias") return this.pathsOf(parseTypeExpr(t.type), prefix, seen);
        if (t.kind === "enum") return [];
        if (seen.has(t.name)) throw new Error(`recursive struct ${t.name}: bigint paths unbounded`);
        const inner = new Set(seen).add(t.name);
        return wireFields(t).flatMap((f) =>
          this.pathsOf(
            parseTypeExpr(f.type),
            prefix ? `${prefix}.${wireName(f)}` : wireName(f),
            inner,
          ),
        );
      }
    }
  }
}

/** One piece of a struct's bigint paths: a path of its own, or a nested struct's under a prefix. */
export type BigintPart = { path: string } | { prefix: string; struct: string };

/**
 * The bigint paths of a struct as parts, one level deep: its own bigint fields, and for each
 * field holding (lists or maps of) another struct with bigints, that struct under the field's
 * prefix. Expanding the parts recursively gives `bigintPaths(name)`, in the same order.
 */
export function bigintParts(model: SchemaModel, structName: string): BigintPart[] {
  const t = model.type(structName);
  if (t.kind !== "struct") throw new Error(`${structName} is not a struct`);
  const parts: BigintPart[] = [];
  for (const f of wireFields(t)) {
    let expr = parseTypeExpr(f.type);
    let path = wireName(f);
    for (;;) {
      if (expr.kind === "list") {
        path += "[]";
        expr = expr.elem;
      } else if (expr.kind === "map") {
        path += "{}";
        expr = expr.value;
      } else if (expr.kind === "named") {
        const named = model.type(expr.name);
        if (named.kind !== "alias") break;
        expr = parseTypeExpr(named.type);
      } else break;
    }
    if (expr.kind === "core" && expr.name === "bigint") parts.push({ path });
    else if (expr.kind === "named" && model.type(expr.name).kind === "struct") {
      if (model.bigintPaths(expr.name).length) parts.push({ prefix: path, struct: expr.name });
    }
  }
  return parts;
}

/** lowerFirst("QuoteIntent") → "quoteIntent": the client method name of an operation. */
export function methodName(operation: string): string {
  return operation.charAt(0).toLowerCase() + operation.slice(1);
}

/** The request and response type names of a method: its succinct structs. */
export function methodTypes(method: Method): { request: string; response: string } {
  const input = method.inputs[0];
  const output = method.outputs[0];
  if (!method.succinct || !input || !output) {
    throw new Error(`method ${method.name} must use the succinct form (Request) => (Response)`);
  }
  return { request: input.type, response: output.type };
}
