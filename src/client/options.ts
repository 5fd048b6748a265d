/** Options of `createClient` and of every call. */
import type { RetryOptions } from "../retry/policy.js";
import type { ValidationMode, ValidationReport } from "../validation/check.js";

/** A WHATWG `fetch`: Node's, a browser's, a worker's, or a handler `(Request) => Response`. */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

/** Options of `createClient`. */
export interface ClientOptions {
  /** Where the service lives, e.g. `https://api.example.com` (paths `/rpc/Service/…` are added). */
  baseUrl: string;
  /** The access key, sent as `X-Access-Key`. Never shown in errors, logs or hooks. */
  accessKey?: string;
  /** The `fetch` to use. Default `globalThis.fetch`. */
  fetch?: FetchLike;
  /** Retry settings, or `false` for none. Defaults: 3 retries, 500 ms base, 10 s cap. */
  retry?: RetryOptions | false;
  /** `"strict"` (default) rejects non-conforming responses, `"warn"` reports them, `"off"` skips. */
  validate?: ValidationMode;
  /** Called with each non-conforming body when `validate` is `"warn"` (default: `console.warn`). */
  onValidationIssue?: (report: ValidationReport) => void;
  /** Time limit of each HTTP request, ms (default 30 000; `0` for none). */
  timeoutMs?: number;
  /** Time limit of each `WaitIntentReceipt` long poll, ms (default 70 000). */
  longPollTimeoutMs?: number;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
  /** Largest response body read, in bytes (default 32 MiB); a larger one is a bad response. */
  maxResponseBytes?: number;
  /** How bigints are written in requests: JSON numbers (default) or decimal strings. */
  bigintAs?: "number" | "string";
}

/** Options of one call. */
export interface CallOptions {
  /** Aborts the call, including any wait between retries. */
  signal?: AbortSignal;
  /** Time limit of each HTTP request of this call, ms (`0` for none). */
  timeoutMs?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
}
