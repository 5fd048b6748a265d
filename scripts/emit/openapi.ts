/**
 * The published OpenAPI 3.1 document: one `POST /rpc/Service/<Op>` per method, request and
 * response bodies as `$ref`s to the succinct structs, webrpc error bodies for 4XX and 5XX, and an
 * `X-Access-Key` API key scheme.
 */
import type { Method, Schema } from "../ridl/schema.js";
import { allErrors } from "./errors-table.js";
import type { JsonSchema } from "./json-schema.js";
import { methodTypes, SchemaModel } from "./model.js";
import { directedSchemas } from "./schemas.js";

const ref = (name: string) => `#/components/schemas/${name}`;

/** Inputs the document needs beside the schema. */
export interface OpenApiContext {
  schemaHash: string;
  title: string;
  description: string;
}

function errorSchema(e: {
  code: number;
  name: string;
  message: string;
  httpStatus: number;
}): JsonSchema {
  return {
    type: "object",
    description: `${e.name} (code ${e.code}, HTTP ${e.httpStatus}): ${e.message}`,
    required: ["error", "code", "msg", "status"],
    properties: {
      error: { type: "string", const: e.name, examples: [e.name] },
      code: { type: "integer", const: e.code, examples: [e.code] },
      msg: { type: "string", examples: [e.message] },
      cause: {
        type: "string",
        description: "More detail on what failed, when the server has any.",
      },
      status: { type: "integer", const: e.httpStatus, examples: [e.httpStatus] },
    },
  };
}

/** Operations whose successful answer carries `X-Total-Count` (how many matched in all). */
const COUNTED = new Set(["SearchIntents"]);

/** Errors answered with HTTP 429, whose answers may say when to retry. */
const RATE_LIMITED = ["RateLimited", "QuotaExceeded", "QuotaRateLimit"];

/** Headers of every answer a client reads: `Date` (clock skew against the quote's expiry). */
const answerHeaders = (): JsonSchema => ({ Date: { $ref: "#/components/headers/Date" } });

/** Headers of an answer that may say when to retry. */
const retryHeaders = (): JsonSchema => ({
  ...answerHeaders(),
  "Retry-After": { $ref: "#/components/headers/RetryAfter" },
  "retry-after-ms": { $ref: "#/components/headers/RetryAfterMs" },
});

/** The header components: what the answers carry and what the operations read. */
export function headerComponents(schemaVersion: string): {
  headers: JsonSchema;
  parameters: JsonSchema;
} {
  return {
    headers: {
      Date: {
        description:
          "When the server answered (an HTTP date). The client measures its clock skew from it, " +
          "for quote and execution deadlines.",
        schema: { type: "string" },
      },
      RetryAfter: {
        description:
          "How long to wait before retrying: seconds, or an HTTP date (RFC 9110). Sent with " +
          "RateLimited and QuotaRateLimit, and by proxies with 503.",
        schema: { type: "string" },
      },
      RetryAfterMs: {
        description: "How long to wait before retrying, in milliseconds (wins over Retry-After).",
        schema: { type: "string", pattern: "^[0-9]+$" },
      },
      TotalCount: {
        description:
          "How many intents matched in all; the answer holds the newest that fit its bounds.",
        schema: { type: "integer", minimum: 0 },
      },
    },
    parameters: {
      BigintAs: {
        name: "X-Bigint-As",
        in: "header",
        required: false,
        description:
          "How this answer writes amounts (the `format: bigint` fields): `number`, JSON numbers " +
          "with every digit (the interface's wire), or `string`, decimal strings, for a client " +
          "whose JSON parser reads numbers as doubles (JavaScript's JSON.parse, most generated " +
          "clients) and would round amounts, salts and nonces past 2^53. Without it, the " +
          "server's default (the dev server: `serve --string-bigints`). Requests may send either " +
          "form.",
        schema: { type: "string", enum: ["number", "string"] },
        example: "string",
      },
      Webrpc: {
        name: "Webrpc",
        in: "header",
        required: false,
        description:
          "The client's protocol, SDK and schema versions, `webrpc@v1;<sdk>@<version>;" +
          "<schema>@<vX.Y.Z>`. A server refuses a client older than it accepts with " +
          "ClientOutdated (8009); without the header a request is accepted.",
        schema: { type: "string" },
        example: `webrpc@v1;xchain-intents@0.1.0;xchain-intents@${schemaVersion}`,
      },
    },
  };
}

function operation(
  method: Method,
  service: string,
  errorsByClass: Map<string, string[]>,
): JsonSchema {
  const { request, response } = methodTypes(method);
  const [summary = method.name, ...rest] = method.comments;
  const op: JsonSchema = {
    operationId: method.name,
    tags: [service],
    summary,
  };
  if (rest.length) op.description = rest.join("\n").trim();
  if (method.annotations.public) op.security = [];
  if (method.annotations.deprecated) op.deprecated = true;
  op.parameters = [
    { $ref: "#/components/parameters/Webrpc" },
    { $ref: "#/components/parameters/BigintAs" },
  ];
  op.requestBody = {
    required: true,
    content: { "application/json": { schema: { $ref: ref(request) } } },
  };
  const okHeaders = answerHeaders();
  if (COUNTED.has(method.name))
    okHeaders["X-Total-Count"] = { $ref: "#/components/headers/TotalCount" };
  const responses: JsonSchema = {
    "200": {
      description: "OK",
      headers: okHeaders,
      content: { "application/json": { schema: { $ref: ref(response) } } },
    },
    "429": {
      description: "Rate limited (webrpc error body); Retry-After says when to try again",
      headers: retryHeaders(),
      content: {
        "application/json": {
          schema: { oneOf: RATE_LIMITED.map((n) => ({ $ref: ref(`Error${n}`) })) },
        },
      },
    },
  };
  for (const [range, names] of errorsByClass) {
    responses[range] = {
      description:
        range === "4XX" ? "Client error (webrpc error body)" : "Server error (webrpc error body)",
      headers: range === "4XX" ? answerHeaders() : retryHeaders(),
      content: {
        "application/json": { schema: { oneOf: names.map((n) => ({ $ref: ref(`Error${n}`) })) } },
      },
    };
  }
  op.responses = responses;
  return op;
}

/** Builds the OpenAPI document object (serialise with `JSON.stringify(doc, null, 2)`). */
export function buildOpenApi(schema: Schema, ctx: OpenApiContext): JsonSchema {
  const model = new SchemaModel(schema);
  const errors = allErrors(schema);
  const byClass = new Map<string, string[]>([
    ["4XX", errors.filter((e) => e.httpStatus >= 400 && e.httpStatus < 500).map((e) => e.name)],
    ["5XX", errors.filter((e) => e.httpStatus >= 500).map((e) => e.name)],
  ]);

  const schemas: JsonSchema = {};
  for (const e of errors) schemas[`Error${e.name}`] = errorSchema(e);
  // Responses refer to open enums (any string, the known values listed), requests to closed
  // ones (`KnownE`), as the client checks them.
  const directed = directedSchemas(schema, "published", ref);
  const used = new Set(
    [...JSON.stringify([...directed.values()]).matchAll(/"#\/components\/schemas\/(\w+)"/g)].map(
      (m) => m[1],
    ),
  );
  const own = new Set(schema.types.map((t) => t.name));
  for (const [name, body] of directed) {
    // A closed or open variant only where something refers to it (KnownIntentStatus is not).
    if (own.has(name) || used.has(name)) schemas[name] = body;
  }

  const paths: JsonSchema = {};
  for (const { service, method } of model.methods()) {
    paths[`${schema.basepath || "/rpc/"}${service}/${method.name}`] = {
      post: operation(method, service, byClass),
    };
  }

  return {
    openapi: "3.1.0",
    info: {
      title: ctx.title,
      version: schema.version,
      description: ctx.description,
      license: { name: "Apache-2.0", identifier: "Apache-2.0" },
      contact: { name: "xchain-intents maintainers" },
      "x-schema-hash": ctx.schemaHash,
    },
    servers: [
      {
        url: "http://127.0.0.1:8787",
        description: "Local dev server (`npx xchain-intents serve`)",
      },
    ],
    security: [{ AccessKey: [] }],
    tags: schema.services.map((s) => ({
      name: s.name,
      description: s.comments.join("\n") || s.name,
    })),
    paths,
    components: {
      ...headerComponents(schema.version),
      securitySchemes: {
        AccessKey: {
          type: "apiKey",
          in: "header",
          name: "X-Access-Key",
          description: "The caller's access key.",
        },
      },
      schemas,
    },
  };
}
