/**
 * webrpc's `schema.Validate`, run on every file's schema (imported ones on their own, then the
 * importing file on the merged result): header, types, errors, services.
 */
import { RidlError, TypeExprError } from "./errors.js";
import type { Schema, SchemaError, SchemaType, Service } from "./schema.js";
import { INTEGER_TYPES, parseTypeExpr } from "./type-expr.js";

const VALID_NAME = /^[a-zA-Z]+[a-zA-Z0-9_]*$/;
const startsUpper = (name: string): boolean => /^[A-Z]/.test(name);
const fail = (message: string): never => {
  throw new RidlError(message);
};

/** Validates `s` in place (normalising `basepath`); throws {@link RidlError}. */
export function validateSchema(s: Schema): void {
  if (s.webrpc !== "v1") fail(`webrpc schema version, '${s.webrpc}' is invalid, try 'v1'`);
  s.basepath = normaliseBasepath(s.basepath);
  if (s.services.length > 0 && s.version === "") {
    fail("schema error: version is required when services are defined");
  }
  for (const t of s.types) validateType(t, s);
  for (const e of s.errors) validateError(e, s);
  for (const svc of s.services) validateService(svc, s);
}

function normaliseBasepath(bp: string): string {
  if (bp === "") return bp;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: webrpc refuses control characters in a basepath
  if (/\s|\?|#|:\/\/|%(?![0-9a-fA-F]{2})|[\x00-\x1f\x7f]/.test(bp)) {
    fail(`schema error: invalid basepath '${bp}'`);
  }
  const lead = bp.startsWith("/") ? bp : `/${bp}`;
  return lead.endsWith("/") ? lead : `${lead}/`;
}

function checkType(expr: string, s: Schema): void {
  try {
    parseTypeExpr(expr, s.types);
  } catch (err) {
    if (err instanceof TypeExprError) fail(err.message);
    throw err;
  }
}

function validateType(t: SchemaType, s: Schema): void {
  if (t.name === "") fail("schema error: type name cannot be empty");
  if (!startsUpper(t.name)) fail(`schema error: type name must start with upper case: '${t.name}'`);
  const lower = t.name.toLowerCase();
  if (s.types.some((o) => o !== t && o.name.toLowerCase() === lower)) {
    fail(`schema error: duplicate type detected, '${t.name}'`);
  }
  const seen = new Set<string>();
  for (const f of t.kind === "alias" ? [] : (t.fields ?? [])) {
    if (!VALID_NAME.test(f.name))
      fail(`schema error: invalid field name of '${f.name}' in type '${t.name}'`);
    const key = f.name.toLowerCase();
    if (seen.has(key))
      fail(`schema error: detected duplicate field name of '${f.name}' in type '${t.name}'`);
    seen.add(key);
  }
  if (t.kind === "alias") {
    checkType(t.type, s);
  } else if (t.kind === "enum") {
    if (!INTEGER_TYPES.has(t.type) && t.type !== "string") {
      fail(`schema error: enum '${t.name}' field '${t.type}' is invalid. must be an integer type`);
    }
  } else {
    const jsonNames = new Set<string>();
    for (const f of t.fields ?? []) {
      checkType(f.type, s);
      let json = f.name;
      for (const m of f.meta ?? []) if (Object.hasOwn(m, "json")) json = m.json as string;
      if (json === "-") continue;
      if (!VALID_NAME.test(json)) {
        fail(`schema error: invalid json name '${json}' in field '${f.name}' in type '${t.name}'`);
      }
      const key = json.toLowerCase();
      if (jsonNames.has(key)) {
        fail(
          `schema error: detected duplicate json name '${json}' in field '${f.name}' in type '${t.name}'`,
        );
      }
      jsonNames.add(key);
    }
  }
}

function validateError(e: SchemaError, s: Schema): void {
  if (e.name === "") fail("schema error: error name cannot be empty");
  if (e.code <= 0)
    fail(`schema error: error code must be greater than 0 for error type '${e.name}'`);
  if (!startsUpper(e.name)) fail(`schema error name must start with upper case: '${e.name}'`);
  if (e.name.toLowerCase().startsWith("webrpc")) {
    fail(`schema error: error name cannot start with 'Webrpc': '${e.name}'`);
  }
  if (e.message === "")
    fail(`schema error: error message cannot be empty for error type '${e.name}'`);
  if (e.httpStatus < 400 || e.httpStatus > 599) {
    fail(
      `schema error: invalid HTTP status code '${e.httpStatus}' for error type '${e.name}' (must be number between 400-599)`,
    );
  }
  const names = new Set<string>();
  const codes = new Set<number>();
  for (const o of s.errors) {
    const name = o.name.toLowerCase();
    if (names.has(name)) fail(`schema error: detected duplicate error name of '${o.name}'`);
    if (codes.has(o.code)) fail(`schema error: detected duplicate error code of '${o.code}'`);
    names.add(name);
    codes.add(o.code);
  }
}

function validateService(svc: Service, s: Schema): void {
  if (svc.name === "") fail("schema error: service name cannot be empty");
  const lower = svc.name.toLowerCase();
  if (s.services.some((o) => o !== svc && o.name.toLowerCase() === lower)) {
    fail(`schema error: duplicate service name detected in service '${svc.name}'`);
  }
  if (svc.methods.length === 0)
    fail(`schema error: methods cannot be empty for service '${svc.name}'`);
  const seen = new Set<string>();
  for (const m of svc.methods) {
    if (m.name === "") fail(`schema error: detected empty method name in service '${svc.name}'`);
    const key = m.name.toLowerCase();
    if (seen.has(key)) {
      fail(`schema error: detected duplicate method name of '${m.name}' in service '${svc.name}'`);
    }
    seen.add(key);
  }
  for (const m of svc.methods) {
    for (const a of [...m.inputs, ...m.outputs]) checkType(a.type, s);
    for (const name of m.errors ?? []) {
      if (!s.errors.some((e) => e.name === name)) {
        fail(
          `schema error: method '${m.name}' in service '${svc.name}' references undefined error '${name}'`,
        );
      }
    }
  }
}
