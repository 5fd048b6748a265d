/**
 * The error side of the published OpenAPI document: one schema per webrpc error body, and one
 * response per HTTP status the errors are sent with, listing the errors that status carries, so
 * that a status and its errors agree in every generator and mock.
 */
import type { SchemaError } from "../ridl/schema.js";
import type { JsonSchema } from "./json-schema.js";

/**
 * HTTP statuses an error is sent with beside its table's: the dev server answers a request body
 * past its limit with `WebrpcBadRequest` and HTTP 413 (`tooLargeResponse`).
 */
const EXTRA_STATUSES: Readonly<Record<string, readonly number[]>> = { WebrpcBadRequest: [413] };

/** Most problems an `InvalidArgument` body lists in `issues` (the dev server's limit). */
const MAX_LISTED_ISSUES = 20;

/** Every status error `e` is sent with: its table's first, then any `EXTRA_STATUSES`. */
const statusesOf = (e: SchemaError): number[] => [e.httpStatus, ...(EXTRA_STATUSES[e.name] ?? [])];

/** The members an error's body carries beside the webrpc ones, by error name. */
const EXTRA_MEMBERS: Readonly<Record<string, JsonSchema>> = {
  InvalidArgument: {
    issues: {
      type: "array",
      maxItems: MAX_LISTED_ISSUES,
      description:
        "Every way the request broke the published request schema (at most " +
        `${MAX_LISTED_ISSUES}; the cause says how many more), each by the JSON Pointer of the ` +
        "member and what is wrong with it. Absent when the refusal is the service's own rule " +
        "(an unknown token, an unsupported chain).",
      items: {
        type: "object",
        required: ["path", "message"],
        properties: {
          path: {
            type: "string",
            description: "JSON Pointer of the member (empty for the body itself).",
            examples: ["/originTokenAmount"],
          },
          message: { type: "string", examples: ["must be an integer from 0 to 2^256-1"] },
        },
      },
    },
  },
};

/** The schema of error `e`'s webrpc body. */
export function errorSchema(e: SchemaError): JsonSchema {
  const statuses = statusesOf(e);
  // Codes and statuses as one-value enums, not `const`: kubb's TypeScript plugin cannot write a
  // negative `const` (webrpc's codes run 0 to -9), and an enum reads the same everywhere else.
  return {
    type: "object",
    description: `${e.name} (code ${e.code}, HTTP ${statuses.join(" or ")}): ${e.message}`,
    required: ["error", "code", "msg", "status"],
    properties: {
      error: { type: "string", enum: [e.name], examples: [e.name] },
      code: { type: "integer", enum: [e.code], examples: [e.code] },
      msg: { type: "string", examples: [e.message] },
      cause: {
        type: "string",
        description: "More detail on what failed, when the server has any.",
      },
      status: { type: "integer", enum: statuses, examples: [e.httpStatus] },
      ...EXTRA_MEMBERS[e.name],
    },
  };
}

/** The reason phrase of each status the errors use, for the responses' descriptions. */
const REASONS: Readonly<Record<number, string>> = {
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  405: "Method not allowed",
  408: "Request timeout",
  409: "Conflict",
  413: "Request body too large",
  422: "Unprocessable request",
  429: "Rate limited; Retry-After says when to try again",
  451: "Unavailable for legal reasons",
  500: "Server error",
  503: "Unavailable; Retry-After may say when to try again",
};

/**
 * The errors each HTTP status carries, by status in ascending order: every status the error table
 * (and `EXTRA_STATUSES`) uses is its own response, so that a status and its errors agree.
 */
export function errorsByStatus(errors: readonly SchemaError[]): Map<number, string[]> {
  const by = new Map<number, string[]>();
  for (const e of errors) for (const s of statusesOf(e)) by.set(s, [...(by.get(s) ?? []), e.name]);
  return new Map([...by].sort(([a], [b]) => a - b));
}

/** The schema of an error response's body: its one error, or one of its errors. */
function oneOfErrors(names: readonly string[], ref: (name: string) => string): JsonSchema {
  const refs = names.map((n) => ({ $ref: ref(`Error${n}`) }));
  return refs.length === 1 && refs[0] ? refs[0] : { oneOf: refs };
}

/** The response for `status`: its errors' bodies, with `headers`. */
export function errorResponse(
  status: number,
  names: readonly string[],
  headers: JsonSchema,
  ref: (name: string) => string,
): JsonSchema {
  return {
    description: `${REASONS[status] ?? `HTTP ${status}`} (webrpc error body: ${names.join(", ")})`,
    headers,
    content: { "application/json": { schema: oneOfErrors(names, ref) } },
  };
}
