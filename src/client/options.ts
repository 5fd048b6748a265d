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
  checkRules(o, OPTION_RULES);
  // A header value cannot hold line breaks or NUL; `fetch` would refuse it on every request.
  if (/[\r\n\0]/.test(String(o.accessKey))) fail("accessKey holds a line break or NUL character");
  if (o.fetch === undefined && typeof globalThis.fetch !== "function") {
    fail("this runtime has no global fetch: pass one as the fetch option");
  }
  for (const [name, value] of Object.entries(o.headers ?? {})) {
    if (typeof value !== "string") fail(`header ${JSON.stringify(name)} must be a string`);
  }
  for (const [i, m] of ((o.middleware ?? []) as Record<string, unknown>[]).entries()) {
    const at = `middleware[${i}]`;
    if (typeName(m) !== "object") fail(`${at} must be an object, not ${kind(m)}`);
    if (!HOOKS.some((name) => m[name] !== undefined)) fail(`${at} has none of ${HOOKS.join(", ")}`);
    checkRules(m, HOOK_RULES, `${at}.`);
  }
  if (o.retry === false) return;
  checkRules(o, { retry: "object" });
  checkRules((o.retry ?? {}) as Record<string, unknown>, RETRY_RULES, "retry.");
}

/**
 * What an option takes, so that one loop checks them all: a type (`typeof`'s name, or `array`,
 * which `object` excludes, as it does `null`), the strings allowed, the least finite number
 * allowed, or (`count`) an integer ≥ 0.
 */
type Rule = "string" | "function" | "object" | "array" | "count" | number | readonly string[];

const OPTION_RULES: Record<string, Rule> = {
  accessKey: "string",
  fetch: "function",
  onValidationIssue: "function",
  sleep: "function",
  middleware: "array",
  validate: ["strict", "warn", "off"],
  bigintAs: ["number", "string"],
  timeoutMs: 0,
  longPollTimeoutMs: 0,
  maxResponseBytes: 1,
  headers: "object",
};

const RETRY_RULES: Record<string, Rule> = {
  maxRetries: "count",
  baseDelayMs: 0,
  maxDelayMs: 0,
  onRetry: "function",
  random: "function",
};

const HOOKS = ["onRequest", "onResponse", "onError", "onRetry"];

const HOOK_RULES: Record<string, Rule> = Object.fromEntries(HOOKS.map((h) => [h, "function"]));

/** Fails on the first field of `o` named in `rules` that is set and breaks its rule. */
function checkRules(o: Record<string, unknown>, rules: Record<string, Rule>, prefix = ""): void {
  for (const [name, rule] of Object.entries(rules)) {
    const v = o[name];
    if (v === undefined) continue;
    const must = `${prefix}${name} must be`;
    if (typeof rule === "number") {
      if (!(Number.isFinite(v) && (v as number) >= rule)) {
        fail(`${must} a finite number ≥ ${rule}, not ${show(v)}`);
      }
    } else if (rule === "count") {
      if (!(Number.isInteger(v) && (v as number) >= 0))
        fail(`${must} an integer ≥ 0, not ${show(v)}`);
    } else if (typeof rule === "object") {
      if (!rule.includes(v as string)) {
        fail(`${must} ${rule.map((a) => JSON.stringify(a)).join(", ")}, not ${show(v)}`);
      }
    } else if (typeName(v) !== rule) fail(`${must} ${article(rule)}, not ${kind(v)}`);
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

/** `null`, `array`, or `typeof`'s name. */
function typeName(value: unknown): string {
  if (value === null) return "null";
  return Array.isArray(value) ? "array" : typeof value;
}

/** `a string`, `an array`: a type's name as a sentence says it. */
function article(name: string): string {
  return `${/^[aeiou]/.test(name) ? "an" : "a"} ${name}`;
}

function kind(value: unknown): string {
  return value == null ? String(value) : article(typeName(value));
}

function show(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value.slice(0, 200)) : String(value);
}

function fail(problem: string): never {
  throw new TypeError(`createClient: ${problem}`);
}
