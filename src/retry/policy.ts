/** Retry settings of a client, and their defaults (design §4). */
import type { ServiceError } from "../errors/service-error.js";

/** What `onRetry` is told before each retry. Headers are redacted: no access key. */
export interface RetryInfo {
  /** Which retry this is: 1 for the first. */
  attempt: number;
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
 * `retry` option → policy; `false` means no retries at all.
 * @throws {TypeError} naming the setting, when a value is not usable (a negative or fractional
 * retry count, a delay that is not a finite number ≥ 0, a hook that is not a function).
 */
export function retryPolicy(options: RetryOptions | false | undefined): RetryPolicy {
  if (options === false) return { ...DEFAULT_RETRY, maxRetries: 0 };
  if (options !== undefined) checkRetryOptions(options);
  return {
    maxRetries: options?.maxRetries ?? DEFAULT_RETRY.maxRetries,
    baseDelayMs: options?.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs,
    maxDelayMs: options?.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs,
    onRetry: options?.onRetry,
    random: options?.random ?? Math.random,
  };
}

function checkRetryOptions(options: unknown): void {
  if (typeof options !== "object" || options === null) {
    throw new TypeError("createClient: retry must be an object of retry settings or false");
  }
  const o = options as Record<string, unknown>;
  const count = o.maxRetries;
  if (count !== undefined && !(Number.isInteger(count) && (count as number) >= 0)) {
    throw new TypeError(`createClient: retry.maxRetries must be an integer ≥ 0, not ${count}`);
  }
  for (const name of ["baseDelayMs", "maxDelayMs"]) {
    const v = o[name];
    if (v !== undefined && !(typeof v === "number" && Number.isFinite(v) && v >= 0)) {
      throw new TypeError(`createClient: retry.${name} must be a finite number ≥ 0, not ${v}`);
    }
  }
  for (const name of ["onRetry", "random"]) {
    if (o[name] !== undefined && typeof o[name] !== "function") {
      throw new TypeError(`createClient: retry.${name} must be a function`);
    }
  }
}
