/**
 * The semantic pass of one file, in webrpc's order: header → imports (merged) → empty shells for
 * aliases, enums, structs and services → alias targets → enum values → errors → struct fields →
 * methods. Validation runs afterwards (see validate.ts).
 */
import type { At, FileNode, ImportNode, MetaNode } from "./ast.js";
import { buildMethod } from "./build-service.js";
import { RidlError, ridlErrorAt, sourcePositions, TypeExprError, typePositions } from "./errors.js";
import { goQuote } from "./go-quote.js";
import type { AliasType, EnumType, Field, Meta, Schema, Service, StructType } from "./schema.js";
import { parseTypeExpr, setAliasTarget, type VarType } from "./type-expr.js";

/** Loads (parses, validates, caches) the schema an import statement refers to. */
export type ImportLoader = (node: ImportNode) => Schema;

/** Builds the (not yet validated) schema of one parsed file. */
export function buildSchema(file: FileNode, loadImport: ImportLoader): Schema {
  const s: Schema = {
    webrpc: "",
    name: "",
    version: "",
    basepath: "",
    types: [],
    errors: [],
    services: [],
  };
  for (const h of file.headers) {
    if (s[h.key] !== "") throw new RidlError(`${h.key} was previously declared`);
    s[h.key] = h.value;
  }
  for (const node of file.imports) mergeImport(s, loadImport(node), node.members);

  const aliases = file.aliases.map((a) => {
    const t: AliasType = { kind: "alias", name: a.name, type: "" };
    if (a.comments.length > 0) t.comments = a.comments;
    return place(t, a.at);
  });
  const enums = file.enums.map(
    (e): EnumType => place({ kind: "enum", name: e.name, type: "" }, e.typeAt),
  );
  const structs = file.structs.map((st) => {
    const t: StructType = { kind: "struct", name: st.name };
    if (st.comments.length > 0) t.comments = st.comments;
    return place(t, st.at);
  });
  const services = file.services.map(
    (sv): Service => place({ name: sv.name, methods: [], comments: sv.comments }, sv.at),
  );
  s.types.push(...aliases, ...enums, ...structs);
  s.services.push(...services);

  file.aliases.forEach((node, i) => {
    const t = aliases[i] as AliasType;
    const target = resolve(
      s,
      node.type,
      () => `type alias ${goQuote(node.name)}: unknown type: ${node.type}`,
      node.typeAt,
    );
    setAliasTarget(t, target);
    if (node.typeAt) typePositions.set(t, node.typeAt);
    t.type = node.type;
    if (node.meta.length > 0) t.meta = node.meta.map(metaEntry);
  });
  file.enums.forEach((node, i) => {
    const t = enums[i] as EnumType;
    resolve(
      s,
      node.type,
      () => `enum ${goQuote(node.name)}: unknown type: ${node.type}`,
      node.typeAt,
    );
    t.type = node.type;
    if (node.values.length === 0) return;
    t.fields = node.values.map((v, index) => {
      const value = v.value ?? (t.type === "string" ? v.name : String(index));
      return v.comments.length > 0
        ? { comments: v.comments, name: v.name, value }
        : { name: v.name, value };
    });
  });
  for (const e of file.errors) {
    const error = {
      code: int32(e.code),
      name: e.name,
      message: e.message,
      httpStatus: e.status === undefined ? 400 : int32(e.status),
    };
    s.errors.push(place(error, e.at));
  }
  file.structs.forEach((node, i) => {
    const t = structs[i] as StructType;
    if (node.fields.length === 0) return;
    t.fields = node.fields.map((f): Field => {
      resolve(
        s,
        f.type,
        () => `struct ${goQuote(node.name)}: unknown type of field ${goQuote(f.name)}: ${f.type}`,
        f.typeAt,
      );
      const field: Field = place({ name: f.name, type: f.type }, f.at);
      if (f.typeAt) typePositions.set(field, f.typeAt);
      if (f.comments.length > 0) field.comments = f.comments;
      if (f.optional) field.optional = true;
      if (f.meta.length > 0) field.meta = f.meta.map(metaEntry);
      return field;
    });
  });
  file.services.forEach((node, i) => {
    (services[i] as Service).methods = node.methods.map((m) => buildMethod(m, s.types));
  });
  return s;
}

/** Appends an imported schema: types and errors deduplicated by identity, services not. */
function mergeImport(s: Schema, imported: Schema, members: readonly string[]): void {
  const allowed = (name: string): boolean => members.length === 0 || members.includes(name);
  for (const t of imported.types) if (!s.types.includes(t) && allowed(t.name)) s.types.push(t);
  for (const e of imported.errors) if (!s.errors.includes(e) && allowed(e.name)) s.errors.push(e);
  for (const sv of imported.services) if (allowed(sv.name)) s.services.push(sv);
}

/** Resolves a type expression of the file; its type string is canonicalised by validation. */
function resolve(s: Schema, expr: string, message: () => string, at?: At): VarType {
  try {
    return parseTypeExpr(expr, s.types);
  } catch (err) {
    if (err instanceof TypeExprError) throw ridlErrorAt(message(), at);
    throw err;
  }
}

/** Remembers where a schema object was declared, for diagnostics of later passes. */
function place<T extends object>(obj: T, at: At | undefined): T {
  // (types' own type expressions are placed where they are parsed)
  if (at) sourcePositions.set(obj, at);
  return obj;
}

function metaEntry(m: MetaNode): Meta {
  return { [m.key]: m.value };
}

/** Go's `strconv.ParseInt(s, 10, 32)` on a digit string, saturating on overflow. */
function int32(digits: string): number {
  return BigInt(digits) > 2147483647n ? 2147483647 : Number(digits);
}
