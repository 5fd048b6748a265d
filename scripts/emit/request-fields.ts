/**
 * The schema of a field in the closed form of a struct (what a request carries), with the bounds
 * of `request-rules.ts`, in either profile: the published one states them in plain JSON Schema;
 * the validator one says the same with the validators' keywords (`exactInteger` with bounds for
 * bigints, which the validators see decoded; `maxChars` for lengths, counted in code points as
 * JSON Schema counts them).
 */
import type { Field } from "../ridl/schema.js";
import { aliasExample, EXAMPLE_AMOUNT, EXAMPLE_HEX } from "./examples.js";
import {
  EXACT_INTEGER_KEYWORD,
  exactNumber,
  type JsonSchema,
  type Profile,
  safeIntRange,
} from "./json-schema.js";
import { parseTypeExpr, type SchemaModel, type TypeExpr } from "./model.js";
import {
  decimalRangePattern,
  MAX_REQUEST_STRING,
  MAX_SAFE,
  MAX_UINT256,
  requestMeta,
} from "./request-rules.js";

/** The validators' keyword for a string's longest length in code points (`maxLength`). */
export const MAX_CHARS_KEYWORD = "maxChars";

const BIGINT_REQUEST_NOTE =
  "Exact integer (token base units, wei or nonce), from the minimum to 2^256 - 1. Sent as a JSON " +
  "integer or a decimal string (leading zeros allowed); read it without rounding (in JavaScript " +
  "as a bigint, never a double).";

/** `^(?:X)?$` (a pattern that also matches "") → `^X$`; undefined for any other pattern. */
export function nonEmptyPattern(pattern: string): string | undefined {
  const m = /^\^\(\?:(.*)\)\?\$$/.exec(pattern);
  return m ? `^${m[1]}$` : undefined;
}

function numberBound(field: Field, key: "minimum" | "maximum"): number | undefined {
  const v = requestMeta(field, key);
  return v === undefined ? undefined : Number(v);
}

function bigintSchema(field: Field | undefined, profile: Profile): JsonSchema {
  const min = BigInt((field && requestMeta(field, "minimum")) ?? "0");
  const max = BigInt((field && requestMeta(field, "maximum")) ?? MAX_UINT256.toString());
  if (profile === "validator") {
    return { [EXACT_INTEGER_KEYWORD]: { minimum: String(min), maximum: String(max) } };
  }
  return {
    type: ["integer", "string"],
    minimum: exactNumber(min),
    maximum: exactNumber(max),
    pattern: decimalRangePattern(min, max),
    format: "bigint",
    description: BIGINT_REQUEST_NOTE,
    examples: [EXAMPLE_AMOUNT],
  };
}

function stringSchema(field: Field | undefined, profile: Profile): JsonSchema {
  const max = Number((field && requestMeta(field, "maxLength")) ?? MAX_REQUEST_STRING);
  const s: JsonSchema = { type: "string" };
  const pattern = field && requestMeta(field, "pattern");
  if (pattern !== undefined) s.pattern = pattern;
  // The one pattern a request string field has is hex data, which the example call data fits.
  if (pattern !== undefined && profile === "published") s.examples = [EXAMPLE_HEX];
  s[profile === "validator" ? MAX_CHARS_KEYWORD : "maxLength"] = max;
  return s;
}

function coreSchema(
  name: string,
  field: Field | undefined,
  profile: Profile,
): JsonSchema | undefined {
  const range = safeIntRange(name);
  if (range) {
    const [lo, hi] = range;
    return {
      type: "integer",
      minimum: (field && numberBound(field, "minimum")) ?? lo,
      maximum: (field && numberBound(field, "maximum")) ?? hi,
    };
  }
  if (name === "float32" || name === "float64") {
    // At most 2^53 - 1 in magnitude: the codec reads a whole number past it exactly, as no
    // double field can hold it, and refuses it there.
    return {
      type: "number",
      minimum: (field && numberBound(field, "minimum")) ?? -MAX_SAFE,
      maximum: (field && numberBound(field, "maximum")) ?? MAX_SAFE,
    };
  }
  if (name === "string") return stringSchema(field, profile);
  if (name === "bigint") return bigintSchema(field, profile);
  return undefined;
}

/**
 * The closed-form schema of a type expression: `field` is the field holding it (for its meta)
 * when the expression is the field's own type, not an item of its list. Undefined where the
 * closed form adds nothing to the plain schema.
 */
function closedExpr(
  model: SchemaModel,
  expr: TypeExpr,
  field: Field | undefined,
  profile: Profile,
  plain: (expr: TypeExpr) => JsonSchema,
): JsonSchema | undefined {
  switch (expr.kind) {
    case "core":
      return coreSchema(expr.name, field, profile);
    case "list": {
      const items = closedExpr(model, expr.elem, undefined, profile, plain);
      const maxItems = field && requestMeta(field, "maxItems");
      if (items === undefined && maxItems === undefined) return undefined;
      const s: JsonSchema = { type: "array", items: items ?? plain(expr.elem) };
      if (maxItems !== undefined) s.maxItems = Number(maxItems);
      return s;
    }
    case "map":
      return undefined;
    case "named": {
      const t = model.type(expr.name);
      if (t.kind !== "alias") return undefined;
      const target = parseTypeExpr(t.type);
      const pattern = (t.meta ?? []).find((m) => m.pattern !== undefined)?.pattern;
      if (pattern !== undefined && target.kind === "core" && target.name === "string") {
        const nonEmpty = nonEmptyPattern(pattern);
        if (nonEmpty === undefined) return undefined;
        const s: JsonSchema = { type: "string", pattern: nonEmpty };
        if (profile === "published" && t.comments?.length) {
          s.description = `${t.comments.join("\n")}\nNever empty in a request.`;
        }
        const example = aliasExample(t.name);
        if (profile === "published" && example !== undefined) s.examples = [example];
        return s;
      }
      return undefined;
    }
  }
}

/**
 * The closed-form schema of a field's type, or undefined where it adds nothing; `plain` gives the
 * schema of a type expression the closed form leaves as it is (a list's items).
 */
export function closedFieldSchema(
  model: SchemaModel,
  field: Field,
  profile: Profile,
  plain: (expr: TypeExpr) => JsonSchema,
): JsonSchema | undefined {
  return closedExpr(model, parseTypeExpr(field.type), field, profile, plain);
}
