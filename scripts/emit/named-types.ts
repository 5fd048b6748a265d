/**
 * The named TypeScript declarations of `generated/types.ts`, written from the schema IR: one
 * `interface` per struct (so that editors show `Intent`, not an expanded object), one alias per
 * alias type, and per enum a closed union of its values (`KnownTradeType`) beside the open type
 * (`TradeType = KnownTradeType | (string & {})`). Requests use closed enums, responses open ones
 * (see `directions.ts`).
 */
import type { Field, StructType } from "../ridl/schema.js";
import { type Direction, Directions } from "./directions.js";
import { INT_RANGES, isExact64Alias } from "./json-schema.js";
import { parseTypeExpr, type SchemaModel, type TypeExpr, wireFields, wireName } from "./model.js";

/** Core types that are a `number` in TypeScript: every integer and float core type. */
const isNumberType = (name: string) =>
  name in INT_RANGES || name === "float32" || name === "float64";

function coreType(name: string): string {
  if (isNumberType(name)) return "number";
  switch (name) {
    case "bigint":
      return "bigint";
    case "string":
    case "timestamp":
      return "string";
    case "bool":
      return "boolean";
    case "null":
      return "null";
    case "any":
      return "unknown";
    default:
      throw new Error(`no TypeScript type for core type ${name}`);
  }
}

/** Name of the closed union of an enum's values. */
export const knownEnumName = (name: string) => `Known${name}`;

const docBlock = (lines: readonly string[], indent = ""): string[] => {
  const text = lines.map((l) => l.replace(/\*\//g, "* /"));
  if (text.length === 0) return [];
  if (text.length === 1) return [`${indent}/** ${text[0]} */`];
  return [`${indent}/**`, ...text.map((l) => `${indent} * ${l}`.trimEnd()), `${indent} */`];
};

const propertyName = (name: string) =>
  /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);

/** Writes the named declarations; `typeName` renders a type expression in a direction. */
export class NamedTypes {
  readonly directions: Directions;

  constructor(readonly model: SchemaModel) {
    this.directions = new Directions(model);
    for (const t of model.schema.types) {
      if (t.kind === "enum" && model.types.has(knownEnumName(t.name))) {
        throw new Error(`type ${knownEnumName(t.name)} collides with the closed form of ${t.name}`);
      }
    }
  }

  /** TypeScript for a type expression, with enums and structs in `direction`. */
  render(expr: TypeExpr, direction: Direction): string {
    switch (expr.kind) {
      case "core":
        return coreType(expr.name);
      case "list": {
        const elem = this.render(expr.elem, direction);
        return /^[\w.]+$/.test(elem) ? `${elem}[]` : `(${elem})[]`;
      }
      case "map":
        return `{ [key: string]: ${this.render(expr.value, direction)} }`;
      case "named": {
        const t = this.model.type(expr.name);
        if (t.kind === "enum") return direction === "closed" ? knownEnumName(t.name) : t.name;
        if (t.kind === "struct") return this.directions.structName(t.name, direction);
        return t.name;
      }
    }
  }

  private field(f: Field, direction: Direction): string[] {
    const fieldDirection =
      direction === "closed" && this.directions.isEcho(f.type) ? "open" : direction;
    const type = this.render(parseTypeExpr(f.type), fieldDirection);
    const doc = [...(f.comments ?? [])];
    if (f.type === "bigint") doc.push("Exact integer: a `bigint`, never rounded.");
    return [
      ...docBlock(doc, "  "),
      `  ${propertyName(wireName(f))}${f.optional ? "?" : ""}: ${type};`,
    ];
  }

  private struct(s: StructType, direction: Direction): string[] {
    const name = this.directions.structName(s.name, direction);
    const doc = [...(s.comments ?? [])];
    if (doc.length === 0) doc.push(`The \`${s.name}\` type of the schema.`);
    if (this.directions.enumClosedStructs.has(s.name)) {
      doc.push(
        direction === "closed"
          ? "Enum fields take only the values the schema lists (what a request may send)."
          : `\`${s.name}\` as the service returns it: enum fields may hold values not listed yet.`,
      );
    }
    return [
      ...docBlock(doc),
      `export interface ${name} {`,
      ...wireFields(s).flatMap((f) => this.field(f, direction)),
      "}",
    ];
  }

  /** Every declaration, in schema order. */
  declarations(): string[] {
    const out: string[] = [];
    for (const t of this.model.schema.types) {
      if (t.kind === "alias") {
        const doc = t.comments?.length ? t.comments : [`The \`${t.name}\` type of the schema.`];
        // An alias of a 64-bit integer is exact (`ExactUint64`): a number, or a bigint past 2^53.
        const type = isExact64Alias(t.type)
          ? "number | bigint"
          : this.render(parseTypeExpr(t.type), "open");
        out.push(...docBlock(doc), `export type ${t.name} = ${type};`);
      } else if (t.kind === "enum") {
        const values = (t.fields ?? []).map((v) => JSON.stringify(v.value));
        out.push(
          `/** The values of \`${t.name}\` the schema lists: what a request may send. */`,
          `export type ${knownEnumName(t.name)} = ${values.join(" | ") || "never"};`,
          `/** \`${t.name}\`: a listed value, or one the service added later (open enum). */`,
          `export type ${t.name} = ${knownEnumName(t.name)} | (string & {});`,
        );
      } else {
        out.push(...this.struct(t, "open"));
        if (this.directions.enumClosedStructs.has(t.name)) out.push(...this.struct(t, "closed"));
        else if (this.directions.closedStructs.has(t.name)) {
          // The request form differs only in bounds the published schema states (non-empty
          // addresses, amount ranges, lengths): the same TypeScript type.
          out.push(
            `/** \`${t.name}\` as a request carries it (the published schema bounds its fields). */`,
            `export type ${this.directions.structName(t.name, "closed")} = ${t.name};`,
          );
        }
      }
      out.push("");
    }
    return out;
  }
}
