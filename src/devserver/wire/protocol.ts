/**
 * The wire side of every answer: webrpc error bodies `{error, code, msg, status, cause?}`, JSON
 * responses, the `Date` header from the server's clock, and CORS headers for browsers.
 */
import { WebrpcBadRequestError } from "../../../generated/errors.js";
import type { ErrorDefinition } from "../../errors/service-error.js";
import { httpDate } from "../core/index.js";
import { BIGINT_WIRE_HEADER } from "./bigint-wire.js";

/** Headers a browser may send on an operation. */
export const ALLOW_HEADERS = `Content-Type, X-Access-Key, X-Dev-Fault, Webrpc, ${BIGINT_WIRE_HEADER}`;
/** Headers a browser may read from an answer. */
export const EXPOSE_HEADERS = "Retry-After, retry-after-ms, Date, X-Total-Count";

/** An error to send: its definition in the schema, and what this occurrence adds. */
export interface WireError {
  definition: ErrorDefinition;
  message?: string;
  cause?: string;
  /** HTTP status when it differs from the schema's (413 for an oversized body). */
  status?: number;
  /** Every problem of a request, for an `InvalidArgument` that found several. */
  issues?: readonly { path: string; message: string }[];
}

/** The webrpc error body of `e`. */
export function errorBody(e: WireError): string {
  const body: Record<string, unknown> = {
    error: e.definition.error,
    code: e.definition.code,
    msg: e.message ?? e.definition.message,
    status: e.status ?? e.definition.status,
  };
  if (e.cause !== undefined) body.cause = e.cause;
  if (e.issues !== undefined) body.issues = e.issues;
  return JSON.stringify(body);
}

/**
 * Headers every answer carries: `Date` from the clock, and CORS when the request has an `Origin`
 * that `allowed` lists (every origin when `allowed` is `undefined`).
 */
export function baseHeaders(
  now: number,
  origin: string | null,
  allowed?: readonly string[],
): Headers {
  const h = new Headers({ Date: httpDate(now) });
  if (allowed !== undefined) h.set("Vary", "Origin");
  if (origin !== null && (allowed === undefined || allowed.includes(origin))) {
    h.set("Access-Control-Allow-Origin", origin);
    h.set("Access-Control-Expose-Headers", EXPOSE_HEADERS);
    h.set("Vary", "Origin");
  }
  return h;
}

/** A JSON answer. */
export function jsonResponse(body: string, status: number, headers: Headers): Response {
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(body, { status, headers });
}

/** An error answer. */
export function errorResponse(e: WireError, headers: Headers): Response {
  return jsonResponse(errorBody(e), e.status ?? e.definition.status, headers);
}

/** The 413 answer to a request body past `maxBytes`. */
export function tooLargeResponse(maxBytes: number, headers: Headers): Response {
  const cause = `the request body exceeds ${maxBytes} bytes`;
  const definition = WebrpcBadRequestError.definition;
  return errorResponse(
    { definition, message: "Request body too large", cause, status: 413 },
    headers,
  );
}

/** The answer to a CORS preflight of an operation. */
export function preflightResponse(headers: Headers): Response {
  headers.set("Access-Control-Allow-Methods", "POST, OPTIONS");
  headers.set("Access-Control-Allow-Headers", ALLOW_HEADERS);
  headers.set("Access-Control-Max-Age", "600");
  headers.set("Allow", "POST, OPTIONS");
  return new Response(null, { status: 204, headers });
}

/** Whether a `Content-Type` is JSON (`application/json`, parameters such as charset allowed). */
export function isJsonContentType(value: string | null): boolean {
  if (value === null) return false;
  return value.split(";")[0]?.trim().toLowerCase() === "application/json";
}
