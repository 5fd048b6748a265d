/**
 * The base client: connection settings, retry policy and measured clock skew, with no operation
 * methods. Operation functions (`quoteIntent(client, req)`, …) take it, so a bundle holds only
 * the operations it calls; `createClient` adds every operation as a method.
 */

import { type RetryInfo, type RetryPolicy, retryPolicy } from "../retry/policy.js";
import type { ValidationMode, ValidationReport } from "../validation/check.js";
import { type ClientOptions, checkClientOptions } from "./options.js";
import {
  createTransport,
  defaultFetch,
  type FetchLike,
  type Middleware,
  type Transport,
} from "./transport.js";
import { WEBRPC_HEADER } from "./version.js";
import { sleep } from "./wait.js";

/** What every operation function needs; holds no secrets in enumerable fields. */
export interface BaseClient {
  /** The service's base URL. */
  readonly baseUrl: string;
  /**
   * Server clock minus local clock, in ms, measured from the `Date` header of the latest response
   * against the midpoint of sending and the headers' arrival (second resolution; `0` until a
   * response arrived). Pass it as `skewMs` to the expiry helpers.
   */
  readonly clockSkewMs: number;
}

/** Settings and state behind a `BaseClient`, kept out of sight of `util.inspect`. */
export interface ClientInternals {
  readonly transport: Transport;
  readonly fetch: FetchLike;
  /** Every middleware's `onRetry`, then the retry option's. */
  readonly retryHooks: readonly ((info: RetryInfo) => void)[];
  readonly accessKey: string | undefined;
  readonly headers: Record<string, string>;
  readonly retry: RetryPolicy;
  readonly validate: ValidationMode;
  readonly onValidationIssue: (report: ValidationReport) => void;
  readonly timeoutMs: number;
  readonly longPollTimeoutMs: number;
  readonly maxResponseBytes: number;
  readonly bigintAs: "number" | "string";
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  clockSkewMs: number;
}

const internals = new WeakMap<object, ClientInternals>();

/** The internals of a client made by `createBaseClient` or `createClient`. */
export function internalsOf(client: BaseClient): ClientInternals {
  const found = internals.get(client);
  if (!found) throw new TypeError("not a client made by createClient or createBaseClient");
  return found;
}

/**
 * A client without methods, for tree-shaken bundles: call operation functions on it.
 *
 * @example
 * import { createBaseClient, getIntent } from "xchain-intents";
 * const client = createBaseClient({ baseUrl, accessKey });
 * const { intent } = await getIntent(client, { intentId });
 */
export function createBaseClient(options: ClientOptions): BaseClient {
  checkClientOptions(options);
  const fetchImpl: FetchLike = options.fetch ?? defaultFetch;
  const accessKey = options.accessKey || undefined;
  const middleware: readonly Middleware[] = options.middleware ?? [];
  // The access key is not among these: the transport adds it as each request leaves.
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Accept: "application/json",
    Webrpc: WEBRPC_HEADER,
    // On the strings wire both ways: a JSON tool in the path (a proxy, a mock, a gateway) then
    // re-encodes no amount as a double, in a request or in an answer.
    ...(options.bigintAs === "string" && { "X-Bigint-As": "string" }),
    ...options.headers,
  };
  const retry = retryPolicy(options.retry);
  const retryHooks = middleware.flatMap((m) => (m.onRetry ? [m.onRetry.bind(m)] : []));
  if (retry.onRetry) retryHooks.push(retry.onRetry);
  const state: ClientInternals = {
    transport: createTransport({
      baseUrl: options.baseUrl,
      fetch: fetchImpl,
      accessKey,
      middleware,
    }),
    fetch: fetchImpl,
    retryHooks,
    accessKey,
    headers,
    retry,
    validate: options.validate ?? "strict",
    onValidationIssue: options.onValidationIssue ?? ((r) => console.warn(r.message)),
    timeoutMs: options.timeoutMs ?? 30_000,
    longPollTimeoutMs: options.longPollTimeoutMs ?? 70_000,
    maxResponseBytes: options.maxResponseBytes ?? 32 * 1024 * 1024,
    bigintAs: options.bigintAs ?? "number",
    sleep: options.sleep ?? sleep,
    clockSkewMs: 0,
  };
  const client: BaseClient = {
    baseUrl: options.baseUrl,
    get clockSkewMs() {
      return state.clockSkewMs;
    },
  };
  internals.set(client, state);
  return client;
}
