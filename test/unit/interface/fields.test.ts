/**
 * The published OpenAPI document against the interface, transcribed by hand in this folder:
 * every field with its kind and required-ness, every enum value, every error, every operation.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { operationTable } from "../../../generated/operations.js";
import { designEnums, designFields } from "../../kit/interface/design-fields.js";
import { interfaceErrors } from "../../kit/interface/errors.js";
import { interfaceEnums, interfaceFields } from "../../kit/interface/fields.js";
import type { EnumSpec, FieldSpec, StructSpec } from "../../kit/interface/kinds.js";
import { interfaceOperations } from "../../kit/interface/operations.js";
import { repoPath } from "../../kit/runtimes/harness.js";

type Obj = Record<string, unknown>;

function obj(value: unknown, where: string): Obj {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error(`${where}: expected an object, got ${JSON.stringify(value)}`);
  }
  return value as Obj;
}

const doc = obj(
  JSON.parse(readFileSync(repoPath("generated/openapi.json"), "utf8")),
  "openapi.json",
);
const schemas = obj(obj(doc.components, "components").schemas, "components.schemas");
const paths = obj(doc.paths, "paths");
const REF = "#/components/schemas/";

const schema = (name: string): Obj => obj(schemas[name], `components.schemas.${name}`);

/**
 * The values an enum schema lists: closed (`enum`, what requests carry) or open (`anyOf` of the
 * listed values and any string, what responses carry); `undefined` when it is no enum.
 */
function enumValues(s: Obj): unknown[] | undefined {
  if (Array.isArray(s.enum)) return s.enum;
  const [known, any] = Array.isArray(s.anyOf) ? (s.anyOf as Obj[]) : [];
  if (known && any && Array.isArray(known.enum) && any.type === "string") return known.enum;
  return undefined;
}

/**
 * The schema type a component stands for: the closed form of an enum (`KnownTradeType`) or the
 * open and closed forms of a struct (`OpenQuoteIntentRequest`, `QuoteIntentRequestOptionsInput`)
 * are the same type to the interface.
 */
function baseName(name: string): string {
  for (const [prefix, suffix] of [
    ["Known", ""],
    ["Open", ""],
    ["", "Input"],
  ] as const) {
    if (!name.startsWith(prefix) || !name.endsWith(suffix)) continue;
    const base = name.slice(prefix.length, name.length - suffix.length);
    if (base !== name && base in schemas) return base;
  }
  return name;
}

/** A field as the document describes it, in the vocabulary of the transcription. */
interface Described {
  kind: string;
  ref?: string;
  items?: string;
}

function describeProp(given: Obj): Described {
  // An optional member may be `null` (webrpc's unset field): the type is the other branch.
  let prop = given;
  const branches = Array.isArray(prop.anyOf) ? (prop.anyOf as Obj[]) : [];
  const valued = branches.filter((b) => b.type !== "null");
  if (branches.length === 2 && valued.length === 1) prop = valued[0] as Obj;
  if (Array.isArray(prop.type) && prop.type.includes("null")) {
    const rest = (prop.type as string[]).filter((t) => t !== "null");
    prop = { ...prop, type: rest.length === 1 ? rest[0] : rest };
  }
  if (typeof prop.$ref === "string") {
    const name = baseName(prop.$ref.startsWith(REF) ? prop.$ref.slice(REF.length) : prop.$ref);
    const target = schema(name);
    if (enumValues(target)) return { kind: "enum", ref: name };
    // A named string (Address, Hash) is a string to the interface, whatever its pattern; a named
    // integer (ExactUint64) an integer, however exactly it is read.
    if (target.type === "string" || target.type === "integer") return describeProp(target);
    return { kind: "object", ref: name };
  }
  const type = prop.type;
  if (Array.isArray(type)) {
    const isBigint =
      [...type].sort().join() === "integer,string" &&
      prop.format === "bigint" &&
      typeof prop.pattern === "string";
    if (isBigint) return { kind: "bigint" };
  }
  if (type === "string") return { kind: prop.format === "date-time" ? "timestamp" : "string" };
  if (type === "integer" || type === "number" || type === "boolean") return { kind: type };
  if (type === "array") {
    const item = describeProp(obj(prop.items, "items"));
    return item.ref === undefined
      ? { kind: "array", items: item.kind }
      : { kind: "array", items: item.kind, ref: item.ref };
  }
  // Anything else is shown verbatim, so that a mismatch reads well in the failure.
  return { kind: JSON.stringify(prop) };
}

function expected(spec: FieldSpec): Described {
  const out: Described = { kind: spec.kind };
  if (spec.ref !== undefined) out.ref = spec.ref;
  if (spec.items !== undefined) out.items = spec.items;
  return out;
}

function requiredOf(s: Obj): unknown[] {
  if (s.required === undefined) return [];
  expect(Array.isArray(s.required), "required is an array").toBe(true);
  return s.required as unknown[];
}

function checkStruct(name: string, fields: StructSpec): void {
  describe(name, () => {
    it("is an object schema with a description and exactly the listed fields", () => {
      const s = schema(name);
      expect(s.type).toBe("object");
      expect(typeof s.description === "string" && s.description.length > 0).toBe(true);
      const props = s.properties === undefined ? {} : obj(s.properties, `${name}.properties`);
      expect(Object.keys(props).sort()).toEqual(Object.keys(fields).sort());
      const required = Object.keys(fields).filter((f) => fields[f]?.required === true);
      expect([...requiredOf(s)].sort()).toEqual(required.sort());
    });

    const entries = Object.entries(fields);
    if (entries.length === 0) return;
    it.each(entries)("%s", (field, spec) => {
      const props = obj(schema(name).properties, `${name}.properties`);
      expect(describeProp(obj(props[field], `${name}.${field}`))).toEqual(expected(spec));
    });
  });
}

function checkEnum(name: string, spec: EnumSpec): void {
  it(`${name}: ${spec.complete ? "exactly" : "at least"} ${spec.values.join(", ")}`, () => {
    const s = schema(name);
    const values = [...(enumValues(s) ?? [])];
    if (spec.complete) expect(values.sort()).toEqual([...spec.values].sort());
    else expect(values).toEqual(expect.arrayContaining([...spec.values]));
  });
}

describe("structs of the interface", () => {
  for (const [name, fields] of Object.entries(interfaceFields)) checkStruct(name, fields);
});

describe("structs of the operations the interface only refers to", () => {
  for (const [name, fields] of Object.entries(designFields)) checkStruct(name, fields);
});

describe("enums", () => {
  for (const [name, spec] of Object.entries(interfaceEnums)) checkEnum(name, spec);
  for (const [name, spec] of Object.entries(designEnums)) checkEnum(name, spec);

  it("every enum a field refers to has transcribed values", () => {
    const all = [...Object.values(interfaceFields), ...Object.values(designFields)];
    const refs = all.flatMap((fields) =>
      Object.values(fields).flatMap((f) =>
        f.kind === "enum" || f.items === "enum" ? [f.ref ?? "?"] : [],
      ),
    );
    const known = new Set([...Object.keys(interfaceEnums), ...Object.keys(designEnums)]);
    expect(refs.filter((r) => !known.has(r))).toEqual([]);
  });
});

/** The example of an error property: OpenAPI's `example`, or the first of JSON Schema `examples`. */
function exampleOf(prop: Obj): unknown {
  if ("example" in prop) return prop.example;
  return Array.isArray(prop.examples) ? prop.examples[0] : undefined;
}

describe("errors", () => {
  it.each(interfaceErrors)("$code $name", ({ name, code, status, msg }) => {
    const props = obj(schema(`Error${name}`).properties, `Error${name}.properties`);
    const ex = (key: string) => exampleOf(obj(props[key], `Error${name}.${key}`));
    expect({ error: ex("error"), code: ex("code"), msg: ex("msg"), status: ex("status") }).toEqual({
      error: name,
      code,
      msg,
      status,
    });
    expect(props.cause).toBeDefined();
  });

  it("declares no error beyond the interface's (and webrpc's StreamFinished)", () => {
    const listed = new Set(interfaceErrors.map((e) => `Error${e.name}`));
    const extra = Object.keys(schemas).filter((k) => k.startsWith("Error") && !listed.has(k));
    expect(extra.filter((k) => k !== "ErrorWebrpcStreamFinished")).toEqual([]);
  });
});

describe("operations", () => {
  it("include the 13 paths of the interface; any other is an operation the schema adds", () => {
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(interfaceOperations.map((o) => o.path)),
    );
    expect(Object.keys(paths).sort()).toEqual(
      Object.values(operationTable)
        .map((o) => o.path)
        .sort(),
    );
  });

  it.each(interfaceOperations)("$path", ({ name, path }) => {
    const post = obj(obj(paths[path], path).post, `${path}.post`);
    expect(post.operationId).toBe(name);
    const body = (holder: unknown, where: string) =>
      obj(obj(obj(holder, where).content, `${where}.content`)["application/json"], where).schema;
    const request = obj(body(post.requestBody, "requestBody"), "request schema");
    const responses = obj(post.responses, "responses");
    const response = obj(body(responses["200"], "responses.200"), "response schema");
    expect([request.$ref, response.$ref]).toEqual([
      `${REF}${name}Request`,
      `${REF}${name}Response`,
    ]);
  });
});
