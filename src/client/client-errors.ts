/**
 * Errors raised by the client itself, with no counterpart in the schema. Their codes are negative
 * and below webrpc's own transport codes (-1 … -9), so they never collide with a server's.
 */
import { InvalidArgumentError, WebrpcBadResponseError } from "../../generated/errors.js";
import type { ValidationIssue } from "../../generated/validators.js";
import { CLIENT_ERRORS } from "../errors/client-codes.js";
import {
  type ErrorDefinition,
  ServiceError,
  type ServiceErrorOptions,
} from "../errors/service-error.js";

/** What a validation error says about the value that failed. */
export interface ValidationErrorOptions extends ServiceErrorOptions {
  /** JSON pointer of the first failing value (`""` for the whole body). */
  pointer: string;
  /** The validator's issues, first first. */
  issues: readonly ValidationIssue[];
}

// The classes below do not name themselves in their bodies: a bundler then keeps the class
// declaration as it is (no `class _Name` rename), so `constructor.name` stays the class name.
const TIMEOUT: ErrorDefinition = CLIENT_ERRORS.RequestTimeout;
const REDIRECT: ErrorDefinition = CLIENT_ERRORS.RedirectRefused;
const RESPONSE_VALIDATION: ErrorDefinition = CLIENT_ERRORS.ResponseValidation;

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
export class RequestTimeoutError extends ServiceError {
  /** This error's definition. */
  static readonly definition: ErrorDefinition = TIMEOUT;
  constructor(options?: ServiceErrorOptions) {
    super(TIMEOUT, options);
  }
}

/**
 * A response arrived and was JSON, but does not match the schema (`validate: "strict"`). Told
 * apart from transport errors; carries the JSON pointer of the failure and the validator's issues.
 * Code `-101`; `status` is the HTTP status of the response.
 */
export class ResponseValidationError extends ServiceError {
  /** This error's definition. */
  static readonly definition: ErrorDefinition = RESPONSE_VALIDATION;
  /** JSON pointer of the first failing value. */
  readonly pointer: string;
  /** The validator's issues. */
  readonly issues: readonly ValidationIssue[];
  constructor(options: ValidationErrorOptions) {
    super(RESPONSE_VALIDATION, options);
    this.pointer = options.pointer;
    this.issues = options.issues;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), pointer: this.pointer, issues: this.issues };
  }
}

/**
 * A request failed validation on the client and was not sent. A kind of `InvalidArgumentError`
 * (code 2000, `instanceof InvalidArgumentError` holds) with `status` 0 and the failing pointer.
 */
export class RequestValidationError extends InvalidArgumentError {
  /** JSON pointer of the first failing value. */
  readonly pointer: string;
  /** The validator's issues. */
  readonly issues: readonly ValidationIssue[];
  constructor(options: ValidationErrorOptions) {
    super({ ...options, status: options.status ?? 0 });
    this.name = "RequestValidationError";
    this.pointer = options.pointer;
    this.issues = options.issues;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), pointer: this.pointer, issues: this.issues };
  }
}

/** What a redirect error says about the answer. */
export interface RedirectErrorOptions extends ServiceErrorOptions {
  /** Origin of the `Location` the server gave, when there was a readable one. */
  locationOrigin?: string | undefined;
}

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
export class RedirectRefusedError extends ServiceError {
  /** This error's definition. */
  static readonly definition: ErrorDefinition = REDIRECT;
  /** Origin (scheme, host, port) the redirect pointed to; `undefined` when not readable. */
  readonly locationOrigin: string | undefined;
  constructor(options: RedirectErrorOptions = {}) {
    super(REDIRECT, { ...options, retryable: false });
    this.locationOrigin = options.locationOrigin;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), locationOrigin: this.locationOrigin };
  }
}

/** What a too-large-body error says. */
export interface TooLargeErrorOptions extends ServiceErrorOptions {
  /** The `maxResponseBytes` in force. */
  limitBytes: number;
}

/**
 * A response body larger than `maxResponseBytes`: reading stopped at the limit. A kind of
 * `WebrpcBadResponseError` (code -5, `instanceof WebrpcBadResponseError` holds) whose `status` is
 * the HTTP status received. Not retried when the status is 2xx: the server answered, and it would
 * send the same body again (raise `maxResponseBytes`, or ask for less).
 */
export class ResponseTooLargeError extends WebrpcBadResponseError {
  /** The limit that was exceeded, in bytes. */
  readonly limitBytes: number;
  constructor(options: TooLargeErrorOptions) {
    super(options);
    this.name = "ResponseTooLargeError";
    this.limitBytes = options.limitBytes;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), limitBytes: this.limitBytes };
  }
}

/** What a too-deep-body error says. */
export interface TooDeepErrorOptions extends ServiceErrorOptions {
  /** The deepest nesting the decoder accepts (`MAX_DEPTH`). */
  maxDepth: number;
}

/**
 * A response body nesting arrays and objects deeper than the decoder accepts (`MAX_DEPTH`),
 * refused by a scan of its text before anything was built from it. A kind of
 * `WebrpcBadResponseError` (code -5, `instanceof WebrpcBadResponseError` holds) whose `status` is
 * the HTTP status received. Not retried when the status is 2xx: the server answered, and it would
 * send the same body again. Across realms, tell it by `name === "ResponseTooDeepError"`.
 */
export class ResponseTooDeepError extends WebrpcBadResponseError {
  /** The deepest nesting accepted. */
  readonly maxDepth: number;
  constructor(options: TooDeepErrorOptions) {
    super(options);
    this.name = "ResponseTooDeepError";
    this.maxDepth = options.maxDepth;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), maxDepth: this.maxDepth };
  }
}

/** Wire names of the errors the client raises itself (no counterpart in the schema). */
export type ClientErrorName = "RequestTimeout" | "ResponseValidation" | "RedirectRefused";

/** The error type of each of the client's own wire names, for `isServiceError(e, name)`. */
export interface ClientErrorTypes {
  RequestTimeout: RequestTimeoutError;
  ResponseValidation: ResponseValidationError;
  RedirectRefused: RedirectRefusedError;
}

/** The wire code of each of the client's own wire names. */
export const clientErrorCodes: { readonly [Name in ClientErrorName]: number } = {
  RequestTimeout: TIMEOUT.code,
  ResponseValidation: RESPONSE_VALIDATION.code,
  RedirectRefused: REDIRECT.code,
};
