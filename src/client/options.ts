/** Options of `createClient` and of every call. */
import type { RetryOptions } from "../retry/policy.js";
import type { ValidationMode, ValidationReport } from "../validation/check.js";
import type { FetchLike, Middleware } from "./transport.js";

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
  /**
   * Hooks on every attempt (openapi-fetch's `Middleware`: `onRequest`, `onResponse`, `onError`),
   * retries and the reads that reconcile a state-changing call included, and `onRetry` before
   * each retry. The requests they see hold no access key: it is added as a request leaves, and
   * only for `baseUrl`'s origin.
   */
  middleware?: readonly Middleware[];
  /** Largest response body read, in bytes (default 32 MiB); a larger one is a bad response. */
  maxResponseBytes?: number;
  /**
   * How bigints travel: JSON numbers (default), or decimal strings, in requests and, through
   * `X-Bigint-As: string`, in answers too: the wire for any JSON tool between client and service.
   */
  bigintAs?: "number" | "string";
  /**
   * How the client waits: between retries (backoff, `Retry-After`), before re-reading an intent
   * whose state-changing call failed ambiguously (250, 500 and 1,000 ms), and between reads while
   * following an intent (`waitForIntent`, `watchIntent`). Default: a timer that ends at once when
   * `signal` aborts. Tests pass one that records the delay and resolves at once: the one way to
   * take time out of the client.
   */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
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

/**
 * Checks the options of `createClient` before any request, so that a mistake is reported at once
 * and by name instead of as a network error on the first call. Throws a `TypeError` saying what
 * is wrong and what to pass; never shows the access key.
 *
 * @example
 * checkClientOptions({ baseUrl: "localhost:8080" });
 * // TypeError: createClient: baseUrl "localhost:8080" is not an http:// or https:// URL; …
 */
export function checkClientOptions(options: unknown): asserts options is ClientOptions {
  if (typeof options !== "object" || options === null) {
    fail('needs options: createClient({ baseUrl: "https://…", accessKey })');
  }
  const o = options as Record<string, unknown>;
  checkBaseUrl(o.baseUrl);
  const key = o.accessKey;
  if (key !== undefined) {
    if (typeof key !== "string") fail(`accessKey must be a string, not ${kind(key)}`);
    // A header value cannot hold line breaks or NUL; `fetch` would refuse it on every request.
    if (/[\r\n\0]/.test(key)) fail("accessKey holds a line break or NUL character");
  }
  functions(o, ["fetch", "onValidationIssue", "sleep"]);
  checkMiddleware(o.middleware);
  if (o.fetch === undefined && typeof globalThis.fetch !== "function") {
    fail("this runtime has no global fetch: pass one as the fetch option");
  }
  oneOf("validate", o.validate, ["strict", "warn", "off"]);
  oneOf("bigintAs", o.bigintAs, ["number", "string"]);
  atLeast(o, ["timeoutMs", "longPollTimeoutMs"], 0);
  atLeast(o, ["maxResponseBytes"], 1);
  const headers = o.headers;
  if (headers !== undefined) {
    if (kind(headers) !== "a object") fail(`headers must be an object of strings`);
    for (const [name, value] of Object.entries(headers as object)) {
      if (typeof value !== "string") fail(`header ${JSON.stringify(name)} must be a string`);
    }
  }
  const retry = o.retry;
  if (retry === undefined || retry === false) return;
  if (kind(retry) !== "a object") fail("retry must be an object of retry settings or false");
  const r = retry as Record<string, unknown>;
  if (
    r.maxRetries !== undefined &&
    !(Number.isInteger(r.maxRetries) && Number(r.maxRetries) >= 0)
  ) {
    fail(`retry.maxRetries must be an integer ≥ 0, not ${show(r.maxRetries)}`);
  }
  atLeast(r, ["baseDelayMs", "maxDelayMs"], 0, "retry.");
  functions(r, ["onRetry", "random"], "retry.");
}

const HOOKS = ["onRequest", "onResponse", "onError", "onRetry"];

function checkMiddleware(list: unknown): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) fail(`middleware must be an array of middleware, not ${kind(list)}`);
  for (const [i, m] of list.entries()) {
    if (kind(m) !== "a object") fail(`middleware[${i}] must be an object, not ${kind(m)}`);
    const hooks = HOOKS.filter((name) => (m as Record<string, unknown>)[name] !== undefined);
    if (hooks.length === 0) fail(`middleware[${i}] has none of ${HOOKS.join(", ")}`);
    functions(m as Record<string, unknown>, hooks, `middleware[${i}].`);
  }
}

/** The path every operation's URL adds to `baseUrl`. */
const RPC_PREFIX = "/rpc/Service";

function checkBaseUrl(value: unknown): void {
  const example = '"https://intents.example.com"';
  if (value === undefined) fail(`needs a baseUrl, e.g. { baseUrl: ${example} }`);
  if (typeof value !== "string") fail(`baseUrl must be a string, not ${kind(value)}`);
  const text = value.trim();
  if (text === "") fail(`baseUrl is empty; pass the service URL, e.g. ${example}`);
  const shown = show(value);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    fail(
      `baseUrl ${shown} is not a URL; pass an absolute one with its scheme, e.g. "http://${text}"`,
    );
  }
  if (!/^https?:$/.test(url.protocol)) {
    fail(`baseUrl ${shown} is not an http:// or https:// URL; did you mean "http://${text}"?`);
  }
  if (url.username || url.password) {
    fail("baseUrl must not hold a user name or password; pass credentials as accessKey or headers");
  }
  if (url.search || url.hash) fail(`baseUrl ${shown} has a query or fragment`);
  const path = url.pathname.replace(/\/+$/, "");
  const at = path.search(/\/rpc\/Service(\/[A-Za-z]+)?$/);
  if (at >= 0) {
    fail(
      `baseUrl ${shown} includes ${RPC_PREFIX}/, which the client adds itself; pass ${JSON.stringify(url.origin + path.slice(0, at))}`,
    );
  }
}

function oneOf(name: string, value: unknown, allowed: readonly string[]): void {
  if (value === undefined || allowed.includes(value as string)) return;
  fail(`${name} must be ${allowed.map((a) => JSON.stringify(a)).join(", ")}, not ${show(value)}`);
}

function atLeast(o: Record<string, unknown>, names: string[], min: number, prefix = ""): void {
  for (const name of names) {
    const v = o[name];
    if (v !== undefined && !(typeof v === "number" && Number.isFinite(v) && v >= min)) {
      fail(`${prefix}${name} must be a finite number ≥ ${min}, not ${show(v)}`);
    }
  }
}

function functions(o: Record<string, unknown>, names: string[], prefix = ""): void {
  for (const name of names) {
    const v = o[name];
    if (v !== undefined && typeof v !== "function") {
      fail(`${prefix}${name} must be a function, not ${kind(v)}`);
    }
  }
}

function kind(value: unknown): string {
  if (value === null) return "null";
  return Array.isArray(value) ? "an array" : `a ${typeof value}`;
}

function show(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value.slice(0, 200)) : String(value);
}

function fail(problem: string): never {
  throw new TypeError(`createClient: ${problem}`);
}
