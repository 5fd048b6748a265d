/**
 * The client's response validators decode while they validate. Called with a `DecodeContext` as
 * `this` (`src/codec/decode-validated.ts`), they turn each bigint field into a `bigint` in place,
 * queue the numbers whose digits must come from the text, and account for every object member, so
 * that one traversal of the parsed value does what the codec's walk and the validator did in two.
 * Called plainly (`this` undefined: request validation, tests) they only validate.
 *
 * What the generated code asks of the context (all handwritten, in the codec):
 * - `b(holder, key, value)`: a bigint field's value; converts or queues it, says if it is valid;
 * - `i(holder, key, value, unsigned)`: an exact 64-bit field's integer past 2^53; queues it;
 * - `l(names, open?)` and `x(obj, key, names, next)`: the member names of an object schema, and a
 *   member that is not the next one expected (unknown, or out of schema order);
 * - `c`: members counted, to compare with the keys of the text (no duplicate key);
 * - `f(value)`: a plain number field's value (past 2^53, the codec's reference path decides);
 * - `m()`: a map, which only the reference path decodes.
 */
import { _, type Ajv, type KeywordCxt, nil } from "ajv";
import { EXACT_INT64_KEYWORD, EXACT_INTEGER_KEYWORD, type JsonSchema } from "./json-schema.js";

/** Keyword on every object schema of the decoding validators: its member names, in order. */
export const KNOWN_KEYS_KEYWORD = "knownKeys";

/** Keyword on every plain number schema of the decoding validators. */
export const SAFE_NUMBER_KEYWORD = "safeNumber";

/**
 * What a bigint field accepts when the validator runs without a context: a JSON integer or a
 * decimal string (a `bigint` is accepted before the call).
 */
const PLAIN = {
  b: (_holder: unknown, _key: unknown, v: unknown) =>
    typeof v === "number" ? Number.isInteger(v) : typeof v === "string" && /^-?[0-9]+$/.test(v),
};
const PLAIN_CODE = _`{b: (h, k, v) => typeof v == "number" ? Number.isInteger(v) : typeof v == "string" && /^-?[0-9]+$/.test(v)}`;

/** Registers the decoding forms of the two integer keywords and the two accounting keywords. */
export function addDecodingKeywords(ajv: Ajv): void {
  ajv.addKeyword({
    keyword: EXACT_INTEGER_KEYWORD,
    schemaType: ["boolean", "string"],
    error: { message: "must be an integer: a bigint, a JSON integer or a decimal string" },
    code(cxt: KeywordCxt) {
      const { gen, data, it, schema: mode } = cxt;
      const orNull = mode === "nullable" ? _`${data} === null || ` : nil;
      // Without a context, the same method of a module constant only checks.
      const plain = gen.scopeValue("keyword", { key: "plain", ref: PLAIN, code: PLAIN_CODE });
      cxt.fail(
        _`!(${orNull}typeof ${data} == "bigint" || (this ?? ${plain}).b(${it.parentData}, ${it.parentDataProperty}, ${data}))`,
      );
    },
  });
  ajv.addKeyword({
    keyword: EXACT_INT64_KEYWORD,
    schemaType: "string",
    error: { message: "must be a 64-bit integer: a safe integer or a bigint (>= 0 when unsigned)" },
    code(cxt: KeywordCxt) {
      const { data, it, schema: mode } = cxt;
      const [type, nullable] = String(mode).split(" ");
      const unsigned = type === "uint64";
      const orNull = nullable ? _`${data} === null || ` : nil;
      const exact = unsigned
        ? _`(typeof ${data} == "bigint" && ${data} >= 0n && ${data} <= 18446744073709551615n) || (Number.isSafeInteger(${data}) && ${data} >= 0)`
        : _`(typeof ${data} == "bigint" && ${data} >= -9223372036854775808n && ${data} <= 9223372036854775807n) || Number.isSafeInteger(${data})`;
      // `this.i` queues an integer past 2^53 (it becomes a `bigint` with the text's digits).
      cxt.fail(
        _`!(${orNull}${exact} || this?.i(${it.parentData}, ${it.parentDataProperty}, ${data}, ${unsigned}))`,
      );
    },
  });
  ajv.addKeyword({
    keyword: KNOWN_KEYS_KEYWORD,
    type: "object",
    schemaType: "object",
    code(cxt: KeywordCxt) {
      const { gen, data, schema } = cxt;
      const { keys, open, map } = schema as { keys: string[]; open?: string[]; map?: boolean };
      if (map) {
        // Reached for a map with members (ajv skips an empty map's member checks, and an empty
        // map has nothing to decode or count).
        gen.code(_`this?.m();`);
        return;
      }
      // The loop is written out in each validator, so that each `for…in` sees objects of one
      // shape (a shared method's loop sees every shape, and measured 0.1× of `JSON.parse` slower
      // on the 10k search). The names come as one string literal, split once by `this.l`: no
      // allocation per call, and next to the code that reads the same members (which keeps the
      // gzipped file small). On the common path each member costs one comparison; `this.x` places
      // a member that is not the next expected one (unknown, or out of order).
      const names = gen.name("names");
      const next = gen.name("next");
      const count = gen.name("count");
      const key = gen.name("key");
      // A member the schema lets hold anything is always handed to `this.x` (which looks into it).
      const list = open?.length ? _`${keys.join()}, ${open.join()}` : _`${keys.join()}`;
      const expected = open?.length ? _`false` : _`${key} === ${names}[${next}]`;
      gen.code(
        _`if (this !== undefined) { const ${names} = this.l(${list}); let ${next} = 0, ${count} = 0; for (const ${key} in ${data}) { ${count}++; ${next} = ${expected} ? ${next} + 1 : this.x(${data}, ${key}, ${names}, ${next}); } this.c += ${count}; }`,
      );
    },
  });
  ajv.addKeyword({
    keyword: SAFE_NUMBER_KEYWORD,
    type: "number",
    schemaType: "boolean",
    code(cxt: KeywordCxt) {
      const { gen, data } = cxt;
      gen.code(_`this?.f(${data});`);
    },
  });
}

/**
 * A validator document with the accounting keywords added: `knownKeys` on every object schema,
 * `safeNumber` on every plain number schema. Schemas are copied, never changed in place.
 */
export function withDecodingKeywords(doc: JsonSchema): JsonSchema {
  return mark(doc) as JsonSchema;
}

function mark(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(mark);
  if (typeof node !== "object" || node === null) return node;
  const s = node as JsonSchema;
  // The member count must see each object once: a keyword that validates a value against several
  // schemas could count it twice, and a counted surplus could hide a duplicate key.
  for (const k of ["oneOf", "allOf", "not", "if", "dependentSchemas"]) {
    if (k in s) throw new Error(`decoding validators do not support "${k}"`);
  }
  // `anyOf` stops at the first branch that passes; a second branch that can hold an object could
  // still validate (and count) one after a first that failed halfway. Only "X or null" is taken.
  if (Array.isArray(s.anyOf) && s.anyOf.filter((b) => !isNullSchema(b)).length > 1) {
    throw new Error('decoding validators support "anyOf" only as one schema or null');
  }
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(s)) {
    out[k] = k === "properties" ? mapValues(v as JsonSchema) : k === "enum" ? v : mark(v);
  }
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes("object")) {
    const props = (s.properties as JsonSchema | undefined) ?? {};
    const keys = Object.keys(props);
    // A member whose schema accepts anything is not looked into by the validator: the codec is.
    const open = keys.filter((k) => Object.keys(props[k] as JsonSchema).every(isNote));
    out[KNOWN_KEYS_KEYWORD] =
      s.additionalProperties !== undefined
        ? { keys, map: true }
        : open.length
          ? { keys, open }
          : { keys };
  }
  if (types.includes("number") || types.includes("integer")) out[SAFE_NUMBER_KEYWORD] = true;
  return out;
}

function mapValues(props: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(props)) {
    // Converted members are assigned as `holder["name"] = …`, which for this name would set the
    // holder's prototype instead.
    if (k === "__proto__")
      throw new Error('decoding validators do not support a member "__proto__"');
    // Member names reach the codec as one comma-separated string.
    if (k.includes(",")) throw new Error(`decoding validators do not support a comma in "${k}"`);
    out[k] = mark(v);
  }
  return out;
}

const isNote = (keyword: string) => keyword === "description" || keyword === "$comment";

/**
 * Deepest nesting of objects and arrays a value of these documents can have (references followed
 * by file name). The codec looks into unknown members only down to a fixed margin below
 * `MAX_DEPTH` (`UNKNOWN_DEPTH` in `src/codec/decode-validated.ts`, 100 levels), which must exceed
 * this; a recursive type has no bound and is refused.
 */
export function checkSchemaDepth(docs: ReadonlyMap<string, JsonSchema>, limit = 64): void {
  const byFile = new Map<string, JsonSchema>();
  for (const doc of docs.values()) byFile.set(String(doc.$id).replace(/^.*\//, ""), doc);
  const done = new Map<string, number>();
  const open = new Set<string>();
  const depthOf = (node: unknown): number => {
    if (Array.isArray(node)) return Math.max(0, ...node.map(depthOf));
    if (typeof node !== "object" || node === null) return 0;
    const s = node as JsonSchema;
    let d = 0;
    if (typeof s.$ref === "string") d = Math.max(d, refDepth(s.$ref));
    const types = Array.isArray(s.type) ? s.type : [s.type];
    const container = types.includes("object") || types.includes("array") ? 1 : 0;
    for (const [k, v] of Object.entries(s)) {
      if (k === "properties") {
        for (const p of Object.values(v as JsonSchema)) d = Math.max(d, container + depthOf(p));
      } else if (k === "items" || k === "additionalProperties") {
        d = Math.max(d, container + depthOf(v));
      } else if (k === "anyOf") {
        d = Math.max(d, depthOf(v));
      }
    }
    return Math.max(d, container);
  };
  const refDepth = (ref: string): number => {
    const known = done.get(ref);
    if (known !== undefined) return known;
    if (open.has(ref))
      throw new Error(`decoding validators need a depth bound: ${ref} is recursive`);
    open.add(ref);
    const d = depthOf(byFile.get(ref));
    open.delete(ref);
    done.set(ref, d);
    return d;
  };
  for (const doc of docs.values()) {
    const d = depthOf(doc);
    if (d > limit) throw new Error(`${String(doc.$id)} nests ${d} levels, past ${limit}`);
  }
}

const isNullSchema = (branch: unknown): boolean => {
  const keys = Object.keys(branch as JsonSchema);
  return keys.length === 1 && (branch as JsonSchema).type === "null";
};
