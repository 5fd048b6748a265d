/**
 * Errors raised by the client itself, with no counterpart in the schema. Their codes are negative
 * and below webrpc's own transport codes (-1 … -9), so they never collide with a server's.
 */
import { InvalidArgumentError, WebrpcBadResponseError } from "../../generated/errors.js";
import type { ValidationIssue } from "../../generated/validators.js";
import { CLIENT_ERRORS } from "../errors/client-codes.js";
import { defineError, type ErrorClassWith, type NoFields } from "../errors/define-error.js";
import type { ServiceErrorOptions } from "../errors/service-error.js";
import type { IntentMismatchError } from "./intent-mismatch.js";

/** What a validation error says about the value that failed. */
export interface ValidationFields {
  /** JSON pointer of the first failing value (`""` for the whole body). */
  pointer: string;
  /** The validator's issues, first first. */
  issues: readonly ValidationIssue[];
}
/** Options of a validation error. */
export interface ValidationErrorOptions extends ServiceErrorOptions, ValidationFields {}

/**
 * The client gave up waiting for an answer (`timeoutMs`). Not the schema's `TimeoutError` (code
 * 1900), which is the server saying it timed out: this one is raised on the client, code `-100`,
 * status `0` (no answer arrived). For `CommitIntent` and `ExecuteIntent` the request may have
 * reached the server; the client reconciles by reading the intent before it reports this.
 *
 * @example
 * try { await client.getIntent({ intentId }, { timeoutMs: 2_000 }) }
 * catch (e) { if (isServiceError(e, "RequestTimeout")) showOfflineBanner() }
 */
export const RequestTimeoutError: ErrorClassWith<"RequestTimeoutError", NoFields> =
  /* @__PURE__ */ defineError(CLIENT_ERRORS.RequestTimeout, {});
/** An instance of `RequestTimeoutError`. */
export type RequestTimeoutError = InstanceType<typeof RequestTimeoutError>;

/**
 * A response arrived and was JSON, but does not match the schema (`validate: "strict"`). Told
 * apart from transport errors; carries the JSON pointer of the failure and the validator's issues.
 * Code `-101`; `status` is the HTTP status of the response.
 */
export const ResponseValidationError: ErrorClassWith<"ResponseValidationError", ValidationFields> =
  /* @__PURE__ */ defineError(CLIENT_ERRORS.ResponseValidation, {
    fields: ["pointer", "issues"],
  });
/** An instance of `ResponseValidationError`. */
export type ResponseValidationError = InstanceType<typeof ResponseValidationError>;

/**
 * A request failed validation on the client and was not sent. A kind of `InvalidArgumentError`
 * (code 2000, `instanceof InvalidArgumentError` holds) with `status` 0 and the failing pointer.
 */
export const RequestValidationError: ErrorClassWith<"RequestValidationError", ValidationFields> =
  /* @__PURE__ */ defineError(
    { ...InvalidArgumentError.definition, name: "RequestValidationError" },
    { base: InvalidArgumentError, fields: ["pointer", "issues"], defaults: { status: 0 } },
  );
/** An instance of `RequestValidationError` (also an `InvalidArgumentError`). */
export type RequestValidationError = InstanceType<typeof RequestValidationError> &
  InvalidArgumentError;

/** What a redirect error says about the answer. */
export interface RedirectFields {
  /** Origin of the `Location` the server gave, when there was a readable one. */
  locationOrigin?: string | undefined;
}
/** Options of a redirect error. */
export interface RedirectErrorOptions extends ServiceErrorOptions, RedirectFields {}

/**
 * The server answered with a redirect (any 3xx), which the client does not follow: the service's
 * interface has none, and following one would send `X-Access-Key` to wherever it points. Code
 * `-102`, `status` the 3xx received (`0` for a browser's opaque redirect, which hides it), never
 * retryable: the same request gets the same redirect. Usually `baseUrl` is not the service's own
 * URL (an `http://` URL redirected to `https://`, a missing or extra path prefix).
 *
 * @example
 * try { await client.ping() }
 * catch (e) { if (isServiceError(e, "RedirectRefused")) console.error(`fix baseUrl: ${e.message}`) }
 */
export const RedirectRefusedError: ErrorClassWith<"RedirectRefusedError", RedirectFields> =
  /* @__PURE__ */ defineError(CLIENT_ERRORS.RedirectRefused, {
    fields: ["locationOrigin"],
    fixed: { retryable: false },
  });
/** An instance of `RedirectRefusedError`. */
export type RedirectRefusedError = InstanceType<typeof RedirectRefusedError>;

/** What a too-large-body error says. */
export interface TooLargeFields {
  /** The `maxResponseBytes` in force. */
  limitBytes: number;
}
/** Options of a too-large-body error. */
export interface TooLargeErrorOptions extends ServiceErrorOptions, TooLargeFields {}

/**
 * A response body larger than `maxResponseBytes`: reading stopped at the limit. A kind of
 * `WebrpcBadResponseError` (code -5, `instanceof WebrpcBadResponseError` holds) whose `status` is
 * the HTTP status received. Not retried when the status is 2xx: the server answered, and it would
 * send the same body again (raise `maxResponseBytes`, or ask for less).
 */
export const ResponseTooLargeError: ErrorClassWith<"ResponseTooLargeError", TooLargeFields> =
  /* @__PURE__ */ defineError(
    { ...WebrpcBadResponseError.definition, name: "ResponseTooLargeError" },
    { base: WebrpcBadResponseError, fields: ["limitBytes"] },
  );
/** An instance of `ResponseTooLargeError` (also a `WebrpcBadResponseError`). */
export type ResponseTooLargeError = InstanceType<typeof ResponseTooLargeError> &
  WebrpcBadResponseError;

/** What a too-deep-body error says. */
export interface TooDeepFields {
  /** The deepest nesting the decoder accepts (`MAX_DEPTH`). */
  maxDepth: number;
}
/** Options of a too-deep-body error. */
export interface TooDeepErrorOptions extends ServiceErrorOptions, TooDeepFields {}

/**
 * A response body nesting arrays and objects deeper than the decoder accepts (`MAX_DEPTH`),
 * refused by a scan of its text before anything was built from it. A kind of
 * `WebrpcBadResponseError` (code -5, `instanceof WebrpcBadResponseError` holds) whose `status` is
 * the HTTP status received. Not retried when the status is 2xx: the server answered, and it would
 * send the same body again. Across realms, tell it by `name === "ResponseTooDeepError"`.
 */
export const ResponseTooDeepError: ErrorClassWith<"ResponseTooDeepError", TooDeepFields> =
  /* @__PURE__ */ defineError(
    { ...WebrpcBadResponseError.definition, name: "ResponseTooDeepError" },
    { base: WebrpcBadResponseError, fields: ["maxDepth"] },
  );
/** An instance of `ResponseTooDeepError` (also a `WebrpcBadResponseError`). */
export type ResponseTooDeepError = InstanceType<typeof ResponseTooDeepError> &
  WebrpcBadResponseError;

/** Wire names of the errors the client raises itself (no counterpart in the schema). */
export type ClientErrorName = keyof typeof CLIENT_ERRORS;

/** The error type of each of the client's own wire names, for `isServiceError(e, name)`. */
export interface ClientErrorTypes {
  RequestTimeout: RequestTimeoutError;
  ResponseValidation: ResponseValidationError;
  RedirectRefused: RedirectRefusedError;
  IntentMismatch: IntentMismatchError;
}
