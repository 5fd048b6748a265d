/**
 * `generated/operations.ts`: the operation table (name, client method, path, request and response
 * types, bigint field paths, retry safety, auth), the bigint paths of every type, and the schema's
 * identity (name, version, hash).
 */
import type { Method, Schema } from "../ridl/schema.js";
import { bigintParts, methodName, methodTypes, SchemaModel } from "./model.js";

/** Whether the method may be sent again after an ambiguous failure (`@retry:safe`). */
export function safeToRepeat(method: Method): boolean {
  const value = method.annotations.retry?.value;
  if (value === undefined || value === "unsafe") return false;
  if (value === "safe") return true;
  throw new Error(`method ${method.name}: @retry must be "safe" or "unsafe", not "${value}"`);
}

/** What every emitter says of an operation: its names, HTTP path, body types and retry safety. */
export function operationBasics(schema: Schema, service: string, method: Method) {
  const { request, response } = methodTypes(method);
  return {
    name: method.name,
    method: methodName(method.name),
    path: `${schema.basepath || "/rpc/"}${service}/${method.name}`,
    request,
    response,
    safe: safeToRepeat(method),
  };
}

const lit = (v: unknown) => JSON.stringify(v);
const pathsConst = (struct: string) => `paths${struct}`;

/**
 * One `const paths<Struct>` per struct, in dependency order, each built from its own paths and
 * its nested structs' lists under a prefix, so that no flattened list is written twice. Each is a
 * call marked pure, so that a bundler drops the lists a bundle never reads (an operation's spec in
 * `generated/client.ts` imports its own two); those of the operations' bodies are exported.
 */
function bigintPathConsts(model: SchemaModel, exported: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const done = new Set<string>();
  const emit = (name: string) => {
    if (done.has(name)) return;
    done.add(name);
    const parts = bigintParts(model, name);
    for (const p of parts) if ("struct" in p) emit(p.struct);
    // In the parts' order (the order of the model's `bigintPaths`): runs of own paths as arrays.
    const pieces: string[] = [];
    let run: string[] = [];
    for (const p of parts) {
      if (!("struct" in p)) {
        run.push(lit(p.path));
        continue;
      }
      if (run.length > 0) pieces.push(`[${run.join(", ")}]`);
      run = [];
      pieces.push(`/* @__PURE__ */ under(${lit(p.prefix)}, ${pathsConst(p.struct)})`);
    }
    if (run.length > 0 || pieces.length === 0) pieces.push(`[${run.join(", ")}]`);
    const value =
      pieces.length === 1 && run.length === parts.length
        ? (pieces[0] as string)
        : `/* @__PURE__ */ joinPaths(${pieces.join(", ")})`;
    const exp = exported.has(name) ? "export " : "";
    out.push(`${exp}const ${pathsConst(name)}: readonly string[] = ${value};`);
  };
  for (const s of model.structs()) emit(s.name);
  return out;
}

/** Source of `generated/operations.ts`. */
export function buildOperations(schema: Schema, schemaHash: string, header: string): string {
  const model = new SchemaModel(schema);
  const ops = model.methods().map(({ service, method }) => {
    return {
      ...operationBasics(schema, service, method),
      public: method.annotations.public !== undefined,
      summary: method.comments[0] ?? method.name,
    };
  });
  const out: string[] = [
    header,
    'import type * as T from "./types.js";',
    "",
    "/** Name of the schema (RIDL `name`). */",
    `export const SCHEMA_NAME = ${lit(schema.name)};`,
    "/** Version of the schema (RIDL `version`). */",
    `export const SCHEMA_VERSION = ${lit(schema.version)};`,
    "/** webrpc schema format (RIDL `webrpc`). */",
    `export const WEBRPC_VERSION = ${lit(schema.webrpc)};`,
    "/** webrpc's schema hash: SHA-1 of the JSON schema, `/rpc/` basepath default applied. */",
    `export const SCHEMA_HASH = ${lit(schemaHash)};`,
    "",
    "const under = (prefix: string, paths: readonly string[]): string[] =>",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of the generated TypeScript
    "  paths.map((p) => `${prefix}.${p}`);",
    "const joinPaths = (...pieces: readonly string[][]): string[] => pieces.flat();",
    "",
    ...bigintPathConsts(model, new Set(ops.flatMap((op) => [op.request, op.response]))),
    "",
    "/** What the SDK knows of one operation. */",
    "export interface OperationInfo {",
    "  /** Operation name, e.g. `QuoteIntent`. */",
    "  readonly name: string;",
    "  /** Client method name, e.g. `quoteIntent`. */",
    "  readonly method: string;",
    "  /** HTTP path (always `POST`). */",
    "  readonly path: string;",
    "  /** Request body type name. */",
    "  readonly requestType: string;",
    "  /** Response body type name. */",
    "  readonly responseType: string;",
    "  /** Whether it may be re-sent after a network failure or 5xx (reads, and quotes). */",
    "  readonly safeToRepeat: boolean;",
    "  /** Whether it may be called without an access key. */",
    "  readonly public: boolean;",
    "  /** Bigint field paths of the request body. */",
    "  readonly requestBigints: readonly string[];",
    "  /** Bigint field paths of the response body. */",
    "  readonly responseBigints: readonly string[];",
    "  /** One-line summary from the schema. */",
    "  readonly summary: string;",
    "}",
    "",
    "/** Every operation of the service, by name. */",
    "export const operationTable = {",
  ];
  for (const op of ops) {
    out.push(
      `  ${op.name}: {`,
      `    name: ${lit(op.name)},`,
      `    method: ${lit(op.method)},`,
      `    path: ${lit(op.path)},`,
      `    requestType: ${lit(op.request)},`,
      `    responseType: ${lit(op.response)},`,
      `    safeToRepeat: ${op.safe},`,
      `    public: ${op.public},`,
      `    requestBigints: ${pathsConst(op.request)},`,
      `    responseBigints: ${pathsConst(op.response)},`,
      `    summary: ${lit(op.summary)},`,
      "  },",
    );
  }
  out.push(
    "} as const satisfies Record<string, OperationInfo>;",
    "",
    "/** Name of an operation. */",
    "export type OperationName = keyof typeof operationTable;",
    "",
    "/** Request and response types of each operation. */",
    "export interface OperationTypes {",
    ...ops.map((op) => `  ${op.name}: { request: T.${op.request}; response: T.${op.response} };`),
    "}",
    "",
    "/** Bigint field paths of every struct, relative to its root (`a.b`, `list[].x`, `map{}`). */",
    "export const bigintPaths: { readonly [typeName: string]: readonly string[] } = {",
    ...model.structs().map((s) => `  ${s.name}: ${pathsConst(s.name)},`),
    "};",
    "",
  );
  return out.join("\n");
}
