/**
 * The published OpenAPI 3.1 document: one `POST /rpc/Service/<Op>` per method, request and
 * response bodies as `$ref`s to the succinct structs, one response per HTTP status an error uses
 * (each listing its webrpc error bodies), and an `X-Access-Key` API key scheme.
 */
import type { Method, Schema } from "../ridl/schema.js";
import { errorResponse, errorSchema, errorsByStatus } from "./error-responses.js";
import { allErrors } from "./errors-table.js";
import { EXAMPLE_NOW, Examples } from "./examples.js";
import type { JsonSchema } from "./json-schema.js";
import { methodTypes, SchemaModel } from "./model.js";
import { directedSchemas } from "./schemas.js";

/** Where `npx xchain-intents serve` listens by default. */
const DEV_SERVER_URL = "http://127.0.0.1:8787";

const ref = (name: string) => `#/components/schemas/${name}`;

/** Inputs the document needs beside the schema. */
export interface OpenApiContext {
  schemaHash: string;
  title: string;
  description: string;
}

/** Operations whose successful answer carries `X-Total-Count` (how many matched in all). */
const COUNTED = new Set(["SearchIntents"]);

/** RFC 9110's IMF-fixdate, the form of `Date` (`Sun, 06 Nov 1994 08:49:37 GMT`). */
const HTTP_DATE =
  "^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) " +
  "[0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$";

/** The `Date` of the examples: the moment the example intent was quoted (`EXAMPLE_NOW`). */
const EXAMPLE_DATE = new Date(EXAMPLE_NOW).toUTCString();

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
          "When the server answered, an HTTP date (RFC 9110's IMF-fixdate, always GMT). The " +
          "client measures its clock skew from it, for quote and execution deadlines.",
        schema: {
          type: "string",
          format: "http-date",
          pattern: HTTP_DATE,
          examples: [EXAMPLE_DATE],
        },
      },
      RetryAfter: {
        description:
          "How long to wait before retrying: seconds, or an HTTP date (RFC 9110). Sent with " +
          "RateLimited and QuotaRateLimit, and by proxies with 503.",
        schema: {
          type: "string",
          pattern: `^(?:[0-9]+|${HTTP_DATE.slice(1, -1)})$`,
          examples: ["1"],
        },
      },
      RetryAfterMs: {
        description: "How long to wait before retrying, in milliseconds (wins over Retry-After).",
        schema: { type: "string", pattern: "^[0-9]+$", examples: ["1000"] },
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
  examples: Examples,
  byStatus: ReadonlyMap<number, readonly string[]>,
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
    content: {
      "application/json": { schema: { $ref: ref(request) }, example: examples.ofType(request) },
    },
  };
  const okHeaders = answerHeaders();
  if (COUNTED.has(method.name))
    okHeaders["X-Total-Count"] = { $ref: "#/components/headers/TotalCount" };
  const responses: JsonSchema = {
    "200": {
      description: "OK",
      headers: okHeaders,
      content: {
        "application/json": { schema: { $ref: ref(response) }, example: examples.ofType(response) },
      },
    },
  };
  for (const [status, names] of byStatus) {
    const headers = status === 429 || status >= 500 ? retryHeaders() : answerHeaders();
    responses[String(status)] = errorResponse(status, names, headers, ref);
  }
  op.responses = responses;
  return op;
}

/** Builds the OpenAPI document object (serialise with `JSON.stringify(doc, null, 2)`). */
export function buildOpenApi(schema: Schema, ctx: OpenApiContext): JsonSchema {
  const model = new SchemaModel(schema);
  const errors = allErrors(schema);
  const byStatus = errorsByStatus(errors);
  const examples = new Examples(model);

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
      post: operation(method, service, examples, byStatus),
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
    // A variable, not a fixed address: a generated client must be told where the service is;
    // the dev server's address is only the variable's default, what `serve` listens on.
    servers: [
      {
        url: "{baseUrl}",
        // The variable has no description of its own: orval's validator refuses one.
        description:
          "The service at `baseUrl`, its scheme, host and port without a trailing slash: your " +
          "deployment, or a dev server (`npx xchain-intents serve` listens on the default).",
        variables: { baseUrl: { default: DEV_SERVER_URL } },
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
