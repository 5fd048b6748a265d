/**
 * webrpc's JSON encoding of a schema (`schema.ToJSON()`): Go's `json.Encoder` with one-space
 * indent, no HTML escaping and a trailing newline. Keys are written in webrpc's order whatever
 * the insertion order of the objects; empty optional keys are omitted (Go `omitempty`);
 * annotation keys are sorted by byte order (Go map order); U+2028/U+2029 are escaped; type
 * strings are quoted as Go's `%q` quotes them. Throws {@link RidlError} for a type string that has
 * no JSON form that way (see `typeJson`).
 */
import { createHash } from "node:crypto";
import { RidlError } from "./errors.js";
import { goQuote } from "./go-quote.js";
import type {
  Arg,
  EnumValue,
  Field,
  Method,
  Schema,
  SchemaError,
  SchemaType,
  Service,
} from "./schema.js";

type Json = string | number | boolean | null | Json[] | JsonObject | RawJson;
/** Text written as is (already JSON). */
type RawJson = { raw: string };
/** Entries in output order. */
type JsonObject = { entries: [string, Json][] };

const obj = (entries: [string, Json | undefined][]): JsonObject => ({
  entries: entries.filter((e): e is [string, Json] => e[1] !== undefined),
});
const nonEmpty = <T>(list: readonly T[] | undefined, map: (x: T) => Json): Json[] | undefined =>
  list !== undefined && list.length > 0 ? list.map(map) : undefined;
const flag = (b: boolean | undefined): true | undefined => (b === true ? true : undefined);
const strings = (list: readonly string[]): Json[] => [...list];
/** JSON escapes; Go's `%q` also writes `\xNN`, `\a`, `\v` and `\UNNNNNNNN`, which JSON has not. */
const JSON_ESCAPE = /^\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/;
const GO_ESCAPE = /^\\(?:x[0-9a-f]{2}|U[0-9a-f]{8}|.)/;

/**
 * A type string as webrpc writes it: its `VarType` marshals itself with Go's `%q`, so
 * non-printable characters appear as `\u00ad` where a plain JSON string would have the character.
 * When `%q` gives something that is not JSON (a control character: `\x01`), webrpc cannot print
 * the schema at all; we refuse it with a clear error instead.
 */
function typeJson(type: string): RawJson {
  const quoted = goQuote(type);
  for (let i = 0; i < quoted.length; i++) {
    if (quoted[i] !== "\\") continue;
    const rest = quoted.slice(i);
    const jsonEscape = JSON_ESCAPE.exec(rest);
    if (jsonEscape === null) {
      const goEscape = GO_ESCAPE.exec(rest)?.[0] ?? rest.slice(0, 2);
      throw new RidlError(
        `type ${quoted} has no JSON form: webrpc writes type strings with Go's %q quoting, which gives ${goEscape} here, not valid in JSON`,
      );
    }
    i += jsonEscape[0].length - 1;
  }
  return { raw: quoted };
}

const meta = (m: Record<string, string>): JsonObject =>
  obj(Object.keys(m).map((k) => [k, m[k] as string]));

function namedTypeJson(t: SchemaType): JsonObject {
  switch (t.kind) {
    case "alias":
      return obj([
        ["kind", t.kind],
        ["name", t.name],
        ["type", typeJson(t.type)],
        ["meta", nonEmpty(t.meta, meta)],
        ["comments", nonEmpty(t.comments, (c) => c)],
      ]);
    case "enum":
      return obj([
        ["kind", t.kind],
        ["name", t.name],
        ["type", typeJson(t.type)],
        ["fields", nonEmpty(t.fields, enumValueJson)],
      ]);
    case "struct":
      return obj([
        ["kind", t.kind],
        ["name", t.name],
        ["fields", nonEmpty(t.fields, fieldJson)],
        ["comments", nonEmpty(t.comments, (c) => c)],
      ]);
  }
}

const enumValueJson = (v: EnumValue): JsonObject =>
  obj([
    ["comments", nonEmpty(v.comments, (c) => c)],
    ["name", v.name],
    ["value", v.value],
  ]);

const fieldJson = (f: Field): JsonObject =>
  obj([
    ["comments", nonEmpty(f.comments, (c) => c)],
    ["name", f.name],
    ["type", typeJson(f.type)],
    ["optional", flag(f.optional)],
    ["meta", nonEmpty(f.meta, meta)],
  ]);

const errorJson = (e: SchemaError): JsonObject =>
  obj([
    ["code", e.code],
    ["name", e.name],
    ["message", e.message],
    ["httpStatus", e.httpStatus],
  ]);

const argJson = (a: Arg): JsonObject =>
  obj([
    ["name", a.name],
    ["type", typeJson(a.type)],
    ["optional", a.optional],
  ]);

function methodJson(m: Method): JsonObject {
  const names = Object.keys(m.annotations).sort((a, b) =>
    Buffer.compare(Buffer.from(a), Buffer.from(b)),
  );
  const annotations = obj(
    names.map((n) => {
      const a = m.annotations[n];
      return [
        n,
        a === undefined
          ? null
          : obj([
              ["annotationType", a.annotationType],
              ["value", a.value],
            ]),
      ];
    }),
  );
  return obj([
    ["name", m.name],
    ["annotations", annotations],
    ["comments", strings(m.comments)],
    ["succinct", flag(m.succinct)],
    ["streamInput", flag(m.streamInput)],
    ["streamOutput", flag(m.streamOutput)],
    ["inputs", m.inputs.map(argJson)],
    ["outputs", m.outputs.map(argJson)],
    ["errors", nonEmpty(m.errors, (e) => e)],
  ]);
}

const serviceJson = (s: Service): JsonObject =>
  obj([
    ["name", s.name],
    ["methods", s.methods.map(methodJson)],
    ["comments", strings(s.comments)],
  ]);

function write(v: Json, indent: string): string {
  if (v !== null && typeof v === "object" && "raw" in v) return v.raw;
  if (v === null || typeof v !== "object") {
    return JSON.stringify(v)
      .replace(/\u2028/g, "\\u2028")
      .replace(/\u2029/g, "\\u2029");
  }
  const inner = `${indent} `;
  if (Array.isArray(v)) {
    if (v.length === 0) return "[]";
    return `[\n${v.map((x) => inner + write(x, inner)).join(",\n")}\n${indent}]`;
  }
  if (v.entries.length === 0) return "{}";
  const lines = v.entries.map(([k, x]) => `${inner}${write(k, inner)}: ${write(x, inner)}`);
  return `{\n${lines.join(",\n")}\n${indent}}`;
}

/** The schema as webrpc's parser prints it (byte-exact, trailing newline). */
export function schemaToJson(schema: Schema): string {
  const root = obj([
    ["webrpc", schema.webrpc],
    ["name", schema.name],
    ["version", schema.version],
    ["basepath", schema.basepath],
    ["types", schema.types.map(namedTypeJson)],
    ["errors", schema.errors.map(errorJson)],
    ["services", schema.services.map(serviceJson)],
  ]);
  return `${write(root, "")}\n`;
}

/** What `webrpc-gen` does before printing or hashing: basepath `/rpc/` if empty and services exist. */
export function withGenDefaults(schema: Schema): Schema {
  if (schema.basepath !== "" || schema.services.length === 0) return schema;
  return { ...schema, basepath: "/rpc/" };
}

/** webrpc's schema hash: lower-case hex SHA-1 of the JSON after the webrpc-gen defaults. */
export function schemaHash(schema: Schema): string {
  return createHash("sha1")
    .update(schemaToJson(withGenDefaults(schema)), "utf8")
    .digest("hex");
}
