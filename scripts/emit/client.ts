/**
 * The generated client, in three files:
 *
 * - `generated/client.ts`: one function per operation, `quoteIntent(client, request, options?)`,
 *   typed by the named request and response types (its `OperationSpec` by `OperationTypes`),
 *   documented with the RIDL method's comment, importing only its own validators;
 *   `@retry:unsafe` operations go through the reconciling call path.
 * - `generated/client-methods.ts`: the `IntentClientMethods` interface (one method per operation)
 *   and `bindOperations`, which binds every operation to a base client.
 * - `generated/query-keys.ts`: `queryKeys`, one key builder per operation (with its prefix for
 *   invalidation), bigint-safe.
 */
import type { Method, Schema } from "../ridl/schema.js";
import { SchemaModel, wireFields, wireName } from "./model.js";
import { operationBasics } from "./operations.js";
import { validatorName } from "./validators.js";

/** One operation, as the client emitters see it. */
export interface ClientOperation {
  /** `QuoteIntent` */
  name: string;
  /** `quoteIntent` */
  method: string;
  /** `/rpc/Service/QuoteIntent` */
  path: string;
  request: string;
  response: string;
  safe: boolean;
  /** `@retry:unsafe`: reconciled after an ambiguous failure, never re-sent blindly. */
  unsafe: boolean;
  /** `@longpoll`: the server may hold it open (the client's long-poll time limit applies). */
  longPoll: boolean;
  comments: string[];
  /** Wire names of the request's required fields (none: the request may be omitted). */
  requiredRequest: string[];
  /** Wire name of the response's first required field, for the example. */
  firstResponseField: string | undefined;
}

/** The operations of a schema, in schema order. */
export function clientOperations(schema: Schema): ClientOperation[] {
  const model = new SchemaModel(schema);
  return model.methods().map(({ service, method }) => {
    const basics = operationBasics(schema, service, method);
    const { request, response } = basics;
    const required = (name: string) => {
      const t = model.type(name);
      return t.kind === "struct" ? wireFields(t).filter((f) => !f.optional) : [];
    };
    return {
      ...basics,
      unsafe: isUnsafe(method),
      longPoll: method.annotations.longpoll !== undefined,
      comments: method.comments,
      requiredRequest: required(request).map(wireName),
      firstResponseField: required(response).map(wireName)[0],
    };
  });
}

function isUnsafe(method: Method): boolean {
  return method.annotations.retry?.value === "unsafe";
}

const lit = (v: unknown) => JSON.stringify(v);
const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `{ intentId }`, or one field a line when long; `undefined` when the request may be omitted. */
function exampleRequest(op: ClientOperation, indent: string): string | undefined {
  if (op.requiredRequest.length === 0) return undefined;
  const names = op.requiredRequest.map((n) => (IDENT.test(n) ? n : `${lit(n)}: value`));
  const flat = `{ ${names.join(", ")} }`;
  if (flat.length <= 60) return flat;
  return `{\n${names.map((n) => `${indent} *   ${n},`).join("\n")}\n${indent} * }`;
}

/** The doc comment of an operation: the RIDL comment whole, then an `@example`. */
function docComment(op: ClientOperation, call: "function" | "method", indent = ""): string[] {
  const star = (line: string) => `${indent} * ${line}`.trimEnd();
  const text = op.comments.map((l) => l.replace(/\*\//g, "* /"));
  const [summary = op.name, ...rest] = text;
  const out = [`${indent}/**`, star(summary)];
  if (rest.length) out.push(star(""), ...rest.map(star));
  if (op.unsafe) {
    out.push(
      star(""),
      star("Changes state (`@retry:unsafe`): after an ambiguous failure (connection lost, no"),
      star("readable answer) it is reconciled by reading the intent back, never re-sent blindly."),
    );
  }
  const request = exampleRequest(op, indent);
  const args =
    call === "function" ? ["client", request].filter(Boolean).join(", ") : (request ?? "");
  const callee = call === "function" ? op.method : `client.${op.method}`;
  const target = op.firstResponseField ? `const { ${op.firstResponseField} } = ` : "";
  out.push(star(""), star("@example"), `${star(`${target}await ${callee}(${args});`)}`);
  out.push(`${indent} */`);
  return out;
}

const specName = (op: ClientOperation) => `${op.name}Operation`;

/**
 * The reads of one intent and where their answers name it (`src/client/answers-read.ts`): each
 * spec carries its own reader, so a bundle holds only those of the operations it calls.
 */
const ANSWER_IDS: Record<string, string> = {
  GetIntent: "intentAnswerIds",
  GetIntentReceipt: "receiptAnswerIds",
  WaitIntentReceipt: "receiptAnswerIds",
};

/** Source of `generated/client.ts`; `src` is the import path of `src/` from `generated/`. */
export function buildClient(schema: Schema, header: string, src: string): string {
  const ops = clientOperations(schema);
  const types = [...new Set(ops.flatMap((op) => [op.request, op.response]))];
  const validators = ops.flatMap((op) => [validatorName(op.request), validatorName(op.response)]);
  const hasUnsafe = ops.some((op) => op.unsafe);
  // A read the table names but the schema lost would go unchecked without a word: refuse it.
  const missing = Object.keys(ANSWER_IDS).filter((name) => !ops.some((op) => op.name === name));
  if (missing.length > 0) throw new Error(`answer checks for unknown operations: ${missing}`);
  const readers = [...new Set(Object.values(ANSWER_IDS))].sort();
  const out: string[] = [
    header,
    `import { ${readers.join(", ")} } from "${src}/client/answers-read.js";`,
    `import type { BaseClient } from "${src}/client/base-client.js";`,
    `import { callOperation } from "${src}/client/call.js";`,
    `import { defineOperation } from "${src}/client/operation-spec.js";`,
    `import type { CallOptions } from "${src}/client/options.js";`,
    ...(hasUnsafe ? [`import { callReconciled } from "${src}/client/state-changing.js";`] : []),
    `import { ${types.map((t) => `paths${t}`).join(", ")} } from "./operations.js";`,
    `import type { ${types.join(", ")} } from "./types.js";`,
    `import { ${[...new Set(validators)].join(", ")} } from "./validators.js";`,
    "",
  ];
  for (const op of ops) {
    // `defineOperation` derives these from the name: a schema that broke the pattern must not
    // get a client calling the wrong path.
    const derived = [`/rpc/Service/${op.name}`, `${op.name}Request`, `${op.name}Response`];
    if ([op.path, op.request, op.response].some((v, i) => v !== derived[i]))
      throw new Error(`operation ${op.name}: path or body type names not derived from its name`);
    const optional = op.requiredRequest.length === 0;
    const call = op.unsafe ? "callReconciled" : "callOperation";
    out.push(
      `/** How to call \`${op.name}\`: its path, body types, retry safety, validators and bigint paths. */`,
      `const ${specName(op)} = /* @__PURE__ */ defineOperation(`,
      `  ${lit(op.name)},`,
      `  { safeToRepeat: ${op.safe}${op.longPoll ? ", longPoll: true" : ""}${ANSWER_IDS[op.name] ? `, answerIds: ${ANSWER_IDS[op.name]}` : ""} },`,
      `  ${validatorName(op.request)},`,
      `  ${validatorName(op.response)},`,
      `  paths${op.request},`,
      `  paths${op.response},`,
      ");",
      "",
      ...docComment(op, "function"),
      `export function ${op.method}(`,
      "  client: BaseClient,",
      `  request: ${op.request}${optional ? " = {}" : ""},`,
      "  options?: CallOptions,",
      `): Promise<${op.response}> {`,
      `  return ${call}(client, ${specName(op)}, request, options);`,
      "}",
      "",
    );
  }
  return out.join("\n");
}

/** Source of `generated/client-methods.ts`. */
export function buildClientMethods(schema: Schema, header: string, src: string): string {
  const ops = clientOperations(schema);
  const types = [...new Set(ops.flatMap((op) => [op.request, op.response]))];
  const out: string[] = [
    header,
    `import type { BaseClient } from "${src}/client/base-client.js";`,
    `import type { CallOptions } from "${src}/client/options.js";`,
    `import { ${ops.map((op) => op.method).join(", ")} } from "./client.js";`,
    `import type { ${types.join(", ")} } from "./types.js";`,
    "",
    "/** One method per operation of the service, bound to a client. */",
    "export interface IntentClientMethods {",
  ];
  for (const op of ops) {
    const optional = op.requiredRequest.length === 0 ? "?" : "";
    out.push(
      ...docComment(op, "method", "  "),
      `  ${op.method}(request${optional}: ${op.request}, options?: CallOptions): Promise<${op.response}>;`,
    );
  }
  out.push(
    "}",
    "",
    "/** Every operation as a method bound to `client` (what `createClient` adds to a base client). */",
    "export function bindOperations(client: BaseClient): IntentClientMethods {",
    "  return {",
    ...ops.map(
      (op) => `    ${op.method}: (request, options) => ${op.method}(client, request, options),`,
    ),
    "  };",
    "}",
    "",
  );
  return out.join("\n");
}

/** Source of `generated/query-keys.ts`. */
export function buildQueryKeys(schema: Schema, header: string, src: string): string {
  const ops = clientOperations(schema);
  const types = [...new Set(ops.map((op) => op.request))];
  const out: string[] = [
    header,
    `import { keyBuilder, QUERY_KEY_ROOT, type QueryKeyBuilder } from "${src}/query/key-builder.js";`,
    `import type { ${types.join(", ")} } from "./types.js";`,
    "",
    "/**",
    " * Query keys for TanStack Query and similar caches: `queryKeys.<operation>(request)` is",
    ' * `[QUERY_KEY_ROOT, operation, request]` with bigints written as `{ $bigint: "<decimal>" }`, so',
    " * that TanStack's default hash (`JSON.stringify`) accepts it; `queryKeys.<operation>.prefix`",
    " * matches every key of that operation, `queryKeys.all` every key of this SDK.",
    " *",
    " * @example",
    " * useQuery({ queryKey: queryKeys.getIntent({ intentId }), queryFn: () => client.getIntent({ intentId }) });",
    " * queryClient.invalidateQueries({ queryKey: queryKeys.getIntent.prefix });",
    " */",
    "export const queryKeys: {",
    "  /** Prefix of every key of this SDK. */",
    "  readonly all: readonly [typeof QUERY_KEY_ROOT];",
  ];
  for (const op of ops) {
    const optional = op.requiredRequest.length === 0;
    out.push(
      `  /** Keys of \`${op.name}\` calls. */`,
      `  readonly ${op.method}: QueryKeyBuilder<${lit(op.name)}, ${op.request}, ${optional}>;`,
    );
  }
  out.push("} = {", "  all: [QUERY_KEY_ROOT],");
  for (const op of ops) out.push(`  ${op.method}: /* @__PURE__ */ keyBuilder(${lit(op.name)}),`);
  out.push("};", "");
  return out.join("\n");
}
