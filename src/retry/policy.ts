/** Retry settings of a client, and their defaults (README, "Retry and timeouts"). */
import type { ServiceError } from "../errors/service-error.js";

/** What `onRetry` is told before each retry. Headers are redacted: no access key. */
export interface RetryInfo {
  /** Which retry this is: 1 for the first. */
  attempt: number;
  /**
   * Why the call is tried again, in words: `rate limited (HTTP 429)`, `network error`,
   * `timed out`, `HTTP 503`, … (the error's name and status are in `error`).
   */
  reason: string;
  /** How long the client waits before it. */
  delayMs: number;
  /** The error that is being retried. */
  error: ServiceError;
  /** Operation name, e.g. `QuoteIntent`. */
  operation: string;
  /** The request headers of the failed attempt, secrets redacted. */
  headers: Record<string, string>;
}

/** Retry settings (`retry` option of `createClient`). */
export interface RetryOptions {
  /** Retries after the first attempt. Default 3. */
  maxRetries?: number;
  /** Backoff ceiling of the first retry, ms. Default 500 (then 1 s, 2 s, …). */
  baseDelayMs?: number;
  /**
   * Longest wait, ms, for backoff and for a server's `Retry-After`. A server asking for longer
   * gets its error returned at once instead. Default 10 000.
   */
  maxDelayMs?: number;
  /** Called before each retry. */
  onRetry?: (info: RetryInfo) => void;
  /** Source of jitter in `[0, 1)` (default `Math.random`); inject for deterministic tests. */
  random?: () => number;
}

/** Retry settings with every default applied. */
export interface RetryPolicy {
  readonly maxRetries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly onRetry: ((info: RetryInfo) => void) | undefined;
  readonly random: () => number;
}

/** The defaults: 3 retries, 500 ms base, 10 s cap. */
export const DEFAULT_RETRY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
  onRetry: undefined,
  random: Math.random,
};

/**
 * `retry` option → policy; `false` means no retries at all. The values are checked by
 * `createClient` (`checkClientOptions`) before they get here.
 */
export function retryPolicy(options: RetryOptions | false | undefined): RetryPolicy {
  if (options === false) return { ...DEFAULT_RETRY, maxRetries: 0 };
  return {
    maxRetries: options?.maxRetries ?? DEFAULT_RETRY.maxRetries,
    baseDelayMs: options?.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs,
    maxDelayMs: options?.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs,
    onRetry: options?.onRetry,
    random: options?.random ?? Math.random,
  };
}
