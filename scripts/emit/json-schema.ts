/**
 * RIDL types → JSON Schema 2020-12 fragments, in two profiles:
 *
 * - `published`: what a client in any language reads (closed enums, `format`s, descriptions);
 * - `validator`: what our validators check (tolerant reader: open enums, optional fields may be
 *   `null` as Go servers send them, no formats, no descriptions).
 *
 * Both accept a bigint field as a JSON integer or a decimal string, because the interface says
 * numbers and webrpc servers send strings.
 */
import type { AliasType, EnumType, Field, StructType } from "../ridl/schema.js";
import { aliasExample, EXAMPLE_AMOUNT, EXAMPLE_NOW } from "./examples.js";
import type { JsonSchema } from "./json-schema-fragment.js";
import { parseTypeExpr, type SchemaModel, type TypeExpr, wireFields, wireName } from "./model.js";
import { decimalRangePattern, MAX_UINT64, MAX_UINT256 } from "./request-rules.js";

const EXACT_NUMBER_MARK = "$exact-number:";

/**
 * A JSON number with every digit (a bound past 2^53, such as 2^256 - 1), for a published schema:
 * held as a marked string until `jsonText` writes the digits bare.
 */
export function exactNumber(v: bigint | number): string | number {
  return typeof v === "number" || (v <= 2n ** 53n && v >= -(2n ** 53n))
    ? Number(v)
    : `${EXACT_NUMBER_MARK}${v}`;
}

/** `value` as indented JSON text, with every `exactNumber` written as a bare JSON number. */
export function jsonText(value: unknown): string {
  const text = JSON.stringify(value, null, 2);
  return `${text.replace(/"\$exact-number:(-?[0-9]+)"/g, "$1")}\n`;
}

/** Which consumer a schema is written for. */
export type Profile = "published" | "validator";

/** A JSON Schema fragment (defined apart, for the request rules this file reads). */
export type { JsonSchema };

/** How a reference to a named type is written (`#/components/schemas/X` or `X.json`). */
export type RefOf = (name: string) => string;

/**
 * The validators' keyword for a bigint field: accepts a JS `bigint`, a JSON integer, or a decimal
 * string, so that the same validator checks wire data and decoded data.
 */
export const EXACT_INTEGER_KEYWORD = "exactInteger";

/**
 * The validators' keyword for an alias of `uint64` or `int64` (`ExactUint64`): a `bigint` or a safe
 * integer (`"uint64"` / `"int64"`, with ` nullable` for an optional field). A JSON number past
 * 2^53 never reaches it from the decoder (it decodes to a `bigint`), and in a request it has
 * already lost its digits.
 */
export const EXACT_INT64_KEYWORD = "exactInt64";

const MAX_SAFE_INT = Number.MAX_SAFE_INTEGER;

/** Core types that an alias turns into exact 64-bit integers (a `bigint` past 2^53). */
const EXACT_64 = new Set(["uint64", "int64"]);

/** Whether an alias of `target` is an exact 64-bit integer (`ExactUint64`: `number | bigint`). */
export const isExact64Alias = (target: string): boolean => EXACT_64.has(target);

/** Pattern of a decimal integer string, as webrpc's BigInt marshals it (map keys). */
export const BIGINT_PATTERN = "^-?[0-9]+$";

const BIGINT_NOTE =
  "Exact integer (token base units, wei, gas or nonce) from 0 to 2^256 - 1. Sent as a JSON " +
  "integer or a decimal string; read it without rounding (in JavaScript as a bigint, never a " +
  "double).";

/** The integer core types with their bounds; each is a `number` in TypeScript. */
export const INT_RANGES: Readonly<Record<string, [number | undefined, number | undefined]>> = {
  uint: [0, undefined],
  uint8: [0, 255],
  uint16: [0, 65535],
  uint32: [0, 4294967295],
  uint64: [0, undefined],
  int: [undefined, undefined],
  int8: [-128, 127],
  int16: [-32768, 32767],
  int32: [-2147483648, 2147483647],
  int64: [undefined, undefined],
  byte: [0, 255],
};

/**
 * The range of integer core type `name` as the schemas state it: its own, never past 2^53 - 1 (a
 * double would round it, so the codec refuses it; only a bigint or an ExactUint64 holds more).
 * Undefined for a type that is not an integer core type.
 */
export function safeIntRange(name: string): [number, number] | undefined {
  const range = INT_RANGES[name];
  if (range === undefined) return undefined;
  return [
    Math.max(range[0] ?? -MAX_SAFE_INT, -MAX_SAFE_INT),
    Math.min(range[1] ?? MAX_SAFE_INT, MAX_SAFE_INT),
  ];
}

function coreSchema(name: string, profile: Profile): JsonSchema {
  const range = safeIntRange(name);
  if (range) return { type: "integer", minimum: range[0], maximum: range[1] };
  switch (name) {
    // Every amount of the interface is a uint256, in answers as in requests.
    case "bigint":
      return profile === "published"
        ? {
            type: ["integer", "string"],
            minimum: 0,
            maximum: exactNumber(MAX_UINT256),
            pattern: decimalRangePattern(0n, MAX_UINT256),
            format: "bigint",
            description: BIGINT_NOTE,
            examples: [EXAMPLE_AMOUNT],
          }
        : { [EXACT_INTEGER_KEYWORD]: { minimum: "0", maximum: MAX_UINT256.toString() } };
    case "float32":
    case "float64":
      return { type: "number" };
    case "string":
      return { type: "string" };
    case "bool":
      return { type: "boolean" };
    case "timestamp":
      return profile === "published"
        ? { type: "string", format: "date-time", examples: [new Date(EXAMPLE_NOW).toISOString()] }
        : { type: "string" };
    case "null":
      return { type: "null" };
    case "any":
      return {};
    default:
      throw new Error(`no JSON Schema for core type ${name}`);
  }
}

/** The schema of a type expression. */
export function exprSchema(expr: TypeExpr, profile: Profile, refOf: RefOf): JsonSchema {
  switch (expr.kind) {
    case "core":
      return coreSchema(expr.name, profile);
    case "list":
      return { type: "array", items: exprSchema(expr.elem, profile, refOf) };
    case "map": {
      const s: JsonSchema = {
        type: "object",
        additionalProperties: exprSchema(expr.value, profile, refOf),
      };
      if (expr.key.kind === "core" && expr.key.name !== "string") {
        s.propertyNames = { pattern: BIGINT_PATTERN };
      }
      return s;
    }
    case "named":
      return { $ref: refOf(expr.name) };
  }
}

function withNull(s: JsonSchema): JsonSchema {
  const exact = s[EXACT_INTEGER_KEYWORD];
  if (exact !== null && typeof exact === "object") {
    return { ...s, [EXACT_INTEGER_KEYWORD]: { ...exact, nullable: true } };
  }
  if (exact) return { ...s, [EXACT_INTEGER_KEYWORD]: "nullable" };
  const int64 = s[EXACT_INT64_KEYWORD];
  if (int64) return { ...s, [EXACT_INT64_KEYWORD]: `${int64} nullable` };
  // ajv's `nullable` keeps one `type`, so no schema object is embedded for error parameters.
  if (typeof s.type === "string") return { ...s, nullable: true };
  return { anyOf: [s, { type: "null" }] };
}

/**
 * The schema of an alias of a core type (`type Address: string` with `+ pattern = "…"`): the core
 * type's, with the alias's `pattern` meta. An alias of `uint64` or `int64` is an exact 64-bit
 * integer: its `format` says so (types make it `number | bigint`), and validators accept a
 * `bigint` or a safe integer.
 */
function aliasSchema(alias: AliasType, profile: Profile, refOf: RefOf): JsonSchema {
  if (EXACT_64.has(alias.type)) {
    if (profile === "validator") return { [EXACT_INT64_KEYWORD]: alias.type };
    const s: JsonSchema = { ...coreSchema(alias.type, profile), format: alias.type };
    if (alias.type === "uint64") s.maximum = exactNumber(MAX_UINT64);
    else s.minimum = exactNumber(-(2n ** 63n));
    if (alias.type === "int64") s.maximum = exactNumber(2n ** 63n - 1n);
    return s;
  }
  const s = exprSchema(parseTypeExpr(alias.type), profile, refOf);
  for (const meta of alias.meta ?? []) if (meta.pattern !== undefined) s.pattern = meta.pattern;
  const example = aliasExample(alias.name);
  if (profile === "published" && example !== undefined) s.examples = [example];
  return s;
}

/**
 * A field's schema. Validators inline an alias of a core type where it is used: the same check,
 * without a call to the alias's own validator (and the error object it would build) per field.
 */
function fieldSchema(
  model: SchemaModel,
  field: Field,
  profile: Profile,
  refOf: RefOf,
  closed?: ClosedForm,
): JsonSchema {
  const expr = parseTypeExpr(field.type);
  const bounded = closed?.field(field);
  const target = expr.kind === "named" ? model.type(expr.name) : undefined;
  const inlined =
    profile === "validator" &&
    target?.kind === "alias" &&
    parseTypeExpr(target.type).kind === "core"
      ? target
      : undefined;
  let s =
    bounded ?? (inlined ? aliasSchema(inlined, profile, refOf) : exprSchema(expr, profile, refOf));
  if (profile === "published" && field.comments?.length) {
    const doc = field.comments.join("\n");
    s = {
      ...s,
      description: typeof s.description === "string" ? `${doc}\n\n${s.description}` : doc,
    };
  }
  if (!field.optional) return s;
  return profile === "validator" ? withNull(s) : orNull(s);
}

/**
 * A published schema that also admits `null`: an optional member may be `null`, which webrpc's
 * Go servers write for an unset field and read as an absent one.
 */
export function orNull(s: JsonSchema): JsonSchema {
  if (s.$ref === undefined && s.enum === undefined && s.anyOf === undefined) {
    if (typeof s.type === "string") return { ...s, type: [s.type, "null"] };
    if (Array.isArray(s.type)) return { ...s, type: [...s.type, "null"] };
  }
  const { description, ...rest } = s;
  const out: JsonSchema = { anyOf: [rest, { type: "null" }] };
  if (description !== undefined) out.description = description;
  return out;
}

/**
 * How the closed form of a struct (what a request carries) differs: a field's bounded schema
 * (`request-fields.ts`) and rules between fields (`allOf` members).
 */
export interface ClosedForm {
  field(field: Field): JsonSchema | undefined;
  rules: readonly JsonSchema[];
}

/**
 * The schema of a struct: an object whose unknown properties are allowed. `fieldRefOf` picks the
 * references of one field (validators of requests refer to closed enums, except in echo fields).
 */
export function structSchema(
  model: SchemaModel,
  struct: StructType,
  profile: Profile,
  refOf: RefOf,
  fieldRefOf: (field: Field) => RefOf = () => refOf,
  closed?: ClosedForm,
): JsonSchema {
  const s: JsonSchema = { type: "object" };
  if (profile === "published" && struct.comments?.length)
    s.description = struct.comments.join("\n");
  const fields = wireFields(struct);
  const properties: JsonSchema = {};
  for (const f of fields) {
    properties[wireName(f)] = fieldSchema(model, f, profile, fieldRefOf(f), closed);
  }
  s.properties = properties;
  const required = fields.filter((f) => !f.optional).map(wireName);
  if (required.length) s.required = required;
  if (closed?.rules.length) s.allOf = [...closed.rules];
  return s;
}

/**
 * The schema of an enum. Open (what responses carry): any string; published, the known values
 * are still listed, as the first branch of an `anyOf` whose second accepts any other string, so
 * that generators keep them and validators accept a value added later. Closed (`closed`, what
 * requests carry): exactly the listed values.
 */
export function enumSchema(e: EnumType, profile: Profile, closed = false): JsonSchema {
  const values = (e.fields ?? []).map((v) => v.value);
  if (profile === "validator")
    return closed ? { type: "string", enum: values } : { type: "string" };
  if (closed) {
    return {
      type: "string",
      enum: values,
      description: `Closed enum: a request may carry only these values (the open form, in responses, is ${e.name}).`,
    };
  }
  return {
    anyOf: [{ type: "string", enum: values }, { type: "string" }],
    description:
      "Open enum: the values listed are those known today; a reader must accept any other string.",
  };
}

/** The schema of any named type of the model. */
export function namedSchema(
  model: SchemaModel,
  name: string,
  profile: Profile,
  refOf: RefOf,
): JsonSchema {
  const t = model.type(name);
  if (t.kind === "struct") return structSchema(model, t, profile, refOf);
  if (t.kind === "enum") return enumSchema(t, profile);
  const s = aliasSchema(t, profile, refOf);
  return profile === "published" && t.comments?.length
    ? { description: t.comments.join("\n"), ...s }
    : s;
}
