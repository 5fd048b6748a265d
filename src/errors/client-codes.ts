/**
 * The table of the errors the SDK raises itself, beside the schema's (`generated/error-codes.ts`):
 * one row per error, its class name, wire name, code, status and message. Their codes are negative
 * and below webrpc's own transport codes (-1 … -9), so they never collide with a server's. The
 * classes are made from these rows (`client/client-errors.ts`); more errors join by adding rows.
 */
import type { ErrorDefinition } from "./service-error.js";

/** The rows, by wire name. */
export const CLIENT_ERRORS = {
  RequestTimeout: {
    name: "RequestTimeoutError",
    error: "RequestTimeout",
    code: -100,
    status: 0,
    message: "request timed out on the client",
  },
  ResponseValidation: {
    name: "ResponseValidationError",
    error: "ResponseValidation",
    code: -101,
    status: 200,
    message: "response does not match the schema",
  },
  RedirectRefused: {
    name: "RedirectRefusedError",
    error: "RedirectRefused",
    code: -102,
    status: 0,
    message: "the server answered with a redirect, which the client does not follow",
  },
  IntentMismatch: {
    name: "IntentMismatchError",
    error: "IntentMismatch",
    code: -103,
    status: 0,
    message: "the service's answer does not match the request",
  },
} as const satisfies Record<string, ErrorDefinition>;
