/**
 * Whether a failed request is worth repeating, and after how long. Decided on typed errors only:
 * codes and statuses, never message text.
 */
import {
  QuotaExceededCode,
  QuotaRateLimitCode,
  RateLimitedCode,
  WebrpcClientAbortedCode,
  WebrpcRequestFailedCode,
} from "../../generated/error-codes.js";
import { CLIENT_ERRORS } from "../errors/client-codes.js";
import type { ServiceError } from "../errors/service-error.js";
import { backoffDelay } from "./backoff.js";
import { CODE_BAD_RESPONSE, isTransientBadResponse } from "./bad-response.js";
import type { RetryPolicy } from "./policy.js";

/** `RateLimited`: the server refused before acting. */
export const CODE_RATE_LIMITED: number = RateLimitedCode;
/** `QuotaRateLimit`: the server refused before acting. */
export const CODE_QUOTA_RATE_LIMIT: number = QuotaRateLimitCode;
/** `QuotaExceeded`: waiting does not help. */
export const CODE_QUOTA_EXCEEDED: number = QuotaExceededCode;
const CODE_REQUEST_FAILED: number = WebrpcRequestFailedCode;
const CODE_CLIENT_ABORTED: number = WebrpcClientAbortedCode;
const CODE_TIMEOUT: number = CLIENT_ERRORS.RequestTimeout.code;

/** Codes of failures where the request may or may not have been acted on (or never arrived). */
const TRANSPORT_CODES = new Set([
  CODE_REQUEST_FAILED, // the connection failed
  CODE_BAD_RESPONSE, // an answer that could not be read (proxy page, truncated body)
  CODE_TIMEOUT, // no answer in time
]);

/**
 * Whether repeating the request may succeed: rate limits for every operation; transport failures
 * and 5xx only when the operation is safe to repeat; `QuotaExceeded` and client aborts never.
 * An unreadable answer counts as a transport failure only when its status is transient: a
 * router's `404 page not found` or a proxy's 405 or 501 page would only be fetched again; a
 * 2xx body larger than `maxResponseBytes`, or nesting deeper than `MAX_DEPTH`, would only be sent
 * again. Redirects
 * (`RedirectRefusedError`) are never retried.
 */
export function isRetryableFor(error: ServiceError, safeToRepeat: boolean): boolean {
  if (error.code === CODE_RATE_LIMITED || error.code === CODE_QUOTA_RATE_LIMIT) return true;
  if (error.code === CODE_QUOTA_EXCEEDED) return false;
  if (error.code === CODE_CLIENT_ABORTED) return false;
  if (!safeToRepeat) return false;
  if (error.code === CODE_BAD_RESPONSE) {
    // A 2xx body past maxResponseBytes, or nesting past MAX_DEPTH, was answered in full by the
    // server: the same request gets the same body, so only an error status that is itself
    // transient is worth repeating.
    if (error.name === "ResponseTooLargeError" || error.name === "ResponseTooDeepError")
      return error.status >= 300 && isTransientBadResponse(error.status);
    return isTransientBadResponse(error.status);
  }
  return TRANSPORT_CODES.has(error.code) || error.status >= 500;
}

/**
 * Whether the failure leaves a state-changing request's outcome unknown. An unreadable answer
 * with a definite refusal status (no such route, a proxy's 4xx page) never reached the service's
 * handler, so there is nothing to reconcile.
 */
export function isAmbiguousFailure(error: ServiceError): boolean {
  if (error.code === CODE_BAD_RESPONSE) return isTransientBadResponse(error.status);
  return TRANSPORT_CODES.has(error.code);
}

/**
 * The wait before retry number `retry` (0 for the first retry), in ms, or `undefined` when the
 * error is returned instead: not retryable, retries used up, or a server-sent delay past
 * `maxDelayMs` (returned rather than slept on). A server-sent delay within it wins over backoff.
 */
export function retryDelay(
  error: ServiceError,
  retry: number,
  safeToRepeat: boolean,
  policy: RetryPolicy,
): number | undefined {
  if (!isRetryableFor(error, safeToRepeat) || retry >= policy.maxRetries) return undefined;
  const asked = error.retryAfterMs;
  if (asked === undefined) return backoffDelay(retry, policy, policy.random);
  return asked > policy.maxDelayMs ? undefined : asked;
}

/**
 * Why `error` is retried, in words, for `onRetry`: the rate limit and its status, a network
 * failure, a timeout, or the error's name and status.
 */
export function retryReason(error: ServiceError): string {
  const status = error.status > 0 ? ` (HTTP ${error.status})` : "";
  if (error.code === CODE_RATE_LIMITED || error.code === CODE_QUOTA_RATE_LIMIT) {
    return `rate limited${status}`;
  }
  if (error.code === CODE_REQUEST_FAILED) return "network error";
  if (error.code === CODE_TIMEOUT) return "timed out";
  return `${error.name}${status}`;
}
