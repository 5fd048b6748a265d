/**
 * webrpc's `schema.Validate`, run on every file's schema (imported ones on their own, then the
 * importing file on the merged result), with webrpc's checks in webrpc's order and words:
 * header, basepath, then each type, each error, each service. Struct field and argument type
 * strings are re-resolved here and replaced by their canonical spelling.
 */
import { normaliseBasepath } from "./basepath.js";
import {
  RidlError,
  type SourcePosition,
  sourcePositions,
  TypeExprError,
  typePositions,
} from "./errors.js";
import type { Arg, Field, Schema, SchemaError, SchemaType, Service } from "./schema.js";
import { INTEGER_TYPES, parseTypeExpr, typeString } from "./type-expr.js";

const VALID_NAME = /^[a-zA-Z]+[a-zA-Z0-9_]*$/;

const fail = (message: string, at?: object, map = sourcePositions): never => {
  const err = new RidlError(message);
  const pos: SourcePosition | undefined = at ? map.get(at) : undefined;
  if (pos) err.position = { ...pos };
  throw err;
};

/**
 * Go's `startsWithUpper` looks at the first byte only; names are words, which start with an
 * ASCII letter, digit or `_`, so that byte is upper case exactly when it is A–Z.
 */
const startsWithUpper = (name: string): boolean => /^[A-Z]/.test(name);

/** Go's `strings.TrimSpace`: Unicode White_Space at both ends. */
const trimSpace = (s: string): string =>
  s
    .replace(/^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/, "")
    .replace(/[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/, "");

/** Validates `s` in place (basepath, canonical type strings, trimmed error names). */
export function validateSchema(s: Schema): void {
  if (s.webrpc !== "v1") fail(`webrpc schema version, '${s.webrpc}' is invalid, try 'v1'`);
  if (s.services.length > 0 && s.version === "") {
    fail("schema error: version is required when services are defined");
  }
  s.basepath = normaliseBasepath(s.basepath);
  for (const t of s.types) validateType(t, s);
  for (const e of s.errors) validateError(e, s);
  for (const svc of s.services) validateService(svc, s);
}

/** webrpc's `VarType.Parse`: resolves `expr` and returns its canonical spelling. */
function canonical(expr: string, s: Schema, owner?: object): string {
  if (expr === "") fail("schema error: type expr cannot be empty", owner, typePositions);
  try {
    return typeString(parseTypeExpr(expr, s.types));
  } catch (err) {
    if (err instanceof TypeExprError) fail(err.message, owner, typePositions);
    throw err;
  }
}

function validateType(t: SchemaType, s: Schema): void {
  if (t.name === "") fail("schema error: type name cannot be empty");
  if (!startsWithUpper(t.name)) {
    fail(`schema error: type name must start with upper case for '${t.name}'`, t);
  }
  const lower = t.name.toLowerCase();
  if (s.types.some((o) => o !== t && o.name.toLowerCase() === lower)) {
    fail(`schema error: type '${t.name}' was already declared`, t);
  }
  if (t.kind === "alias") return;
  checkFieldNames(t.name, t.fields ?? []);
  if (t.kind === "enum") {
    if (!INTEGER_TYPES.has(t.type) && t.type !== "string") {
      fail(
        `schema error: enum '${t.name}' field '${t.type}' is invalid. must be an integer type`,
        t,
      );
    }
    return;
  }
  for (const f of t.fields ?? []) f.type = canonical(f.type, s, f);
}

/** Names, case-insensitive duplicates, `json` meta names and their duplicates, field by field. */
function checkFieldNames(typeName: string, fields: readonly (Field | { name: string })[]): void {
  const names = new Set<string>();
  const jsonNames = new Set<string>();
  for (const f of fields) {
    if (f.name === "") fail(`schema error: detected empty field name in type '${typeName}`);
    if (!VALID_NAME.test(f.name)) {
      fail(`schema error: invalid field name of '${f.name}' in type '${typeName}'`, f);
    }
    const key = f.name.toLowerCase();
    if (names.has(key)) {
      fail(`schema error: detected duplicate field name of '${f.name}' in type '${typeName}'`, f);
    }
    names.add(key);
    let json = f.name;
    for (const m of "meta" in f ? (f.meta ?? []) : []) {
      if (!Object.hasOwn(m, "json")) continue;
      const value = m.json as string;
      // `json = -` hides the field from clients but leaves its name in the duplicate check.
      if (value === "-") continue;
      if (!VALID_NAME.test(value)) {
        fail(
          `schema error: invalid json name '${value}' in field '${f.name}' in type '${typeName}'`,
        );
      }
      json = value;
    }
    const jsonKey = json.toLowerCase();
    if (jsonNames.has(jsonKey)) {
      fail(
        `schema error: detected duplicate json name '${json}' in field '${f.name}' in type '${typeName}'`,
      );
    }
    jsonNames.add(jsonKey);
  }
}

function validateError(e: SchemaError, s: Schema): void {
  e.name = trimSpace(e.name);
  if (e.name === "") fail("schema error name cannot be empty");
  if (e.code <= 0) fail("schema error code must be positive number", e);
  if (!startsWithUpper(e.name))
    fail(`schema error name must start with upper case: '${e.name}'`, e);
  if (e.name.toLowerCase().startsWith("webrpc")) {
    fail(`schema error name cannot start with 'Webrpc': '${e.name}'`, e);
  }
  if (e.message === "") fail("schema error: message cannot be empty", e);
  if (e.httpStatus < 400 || e.httpStatus > 599) {
    fail(
      `schema error: invalid HTTP status code '${e.httpStatus}' for error type '${e.name}' (must be number between 400-599)`,
    );
  }
  const names = new Set<string>();
  const codes = new Set<number>();
  for (const o of s.errors) {
    const name = o.name.toLowerCase();
    if (names.has(name)) fail(`schema error: detected duplicate error name of '${o.name}'`, o);
    if (codes.has(o.code)) fail(`schema error: detected duplicate error code of '${o.code}'`, o);
    names.add(name);
    codes.add(o.code);
  }
}

function validateService(svc: Service, s: Schema): void {
  if (svc.name === "") fail("schema error: service name cannot be empty");
  const lower = svc.name.toLowerCase();
  if (s.services.some((o) => o !== svc && o.name.toLowerCase() === lower)) {
    fail(`schema error: duplicate service name detected in service '${svc.name}'`, svc);
  }
  if (svc.methods.length === 0) {
    fail(`schema error: methods cannot be empty for service '${svc.name}'`, svc);
  }
  const seen = new Set<string>();
  for (const m of svc.methods) {
    if (m.name === "") fail(`schema error: detected empty method name in service '${svc.name}`);
    const key = m.name.toLowerCase();
    if (seen.has(key)) {
      fail(
        `schema error: detected duplicate method name of '${m.name}' in service '${svc.name}'`,
        m,
      );
    }
    seen.add(key);
  }
  for (const m of svc.methods) {
    const where = `for method '${m.name}' in service '${svc.name}'`;
    checkArgs(m.inputs, m.succinct === true, s, "input arguments", "input argument name", where);
    checkArgs(m.outputs, m.succinct === true, s, "output arguments", "output name", where);
    for (const name of m.errors ?? []) {
      if (!s.errors.some((e) => e.name === name)) {
        fail(
          `schema error: method '${m.name}' in service '${svc.name}' references undefined error '${name}'`,
        );
      }
    }
  }
}

/** One side of a method: succinct means one argument; names non-empty; types canonical. */
function checkArgs(
  args: Arg[],
  succinct: boolean,
  s: Schema,
  plural: string,
  nameWords: string,
  where: string,
): void {
  if (args.length > 1 && succinct) {
    fail(`schema error: detected multiple ${plural} using succinct form ${where}`);
  }
  for (const a of args) {
    if (a.name === "") fail(`schema error: detected empty ${nameWords} ${where}`);
    a.type = canonical(a.type, s, a);
  }
}
