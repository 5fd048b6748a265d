/**
 * The base client: connection settings, retry policy and measured clock skew, with no operation
 * methods. Operation functions (`quoteIntent(client, req)`, …) take it, so a bundle holds only
 * the operations it calls; `createClient` adds every operation as a method.
 */

import createFetchClient, { type Client } from "openapi-fetch";
import { type RetryPolicy, retryPolicy } from "../retry/policy.js";
import { sleep } from "../retry/sleep.js";
import type { ValidationMode, ValidationReport } from "../validation/check.js";
import { type ClientOptions, checkClientOptions, type FetchLike } from "./options.js";
import { defaultFetch } from "./transport.js";
import { WEBRPC_HEADER } from "./version.js";

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

/**
 * The service as the call pipeline sees it, one level below the operations: every path takes the
 * codec's JSON text (bigints written exactly, which openapi-fetch's `JSON.stringify` cannot do)
 * and answers text (decoded by the codec, then validated). The operations themselves are typed by
 * the schema's `paths` in `generated/client.ts`.
 */
export interface WirePaths {
  [path: string]: {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody: { content: { "application/json": string } };
      responses: {
        200: { headers: { [name: string]: unknown }; content: { "application/json": string } };
        default: { headers: { [name: string]: unknown }; content: { "application/json": unknown } };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}

/** openapi-fetch's `POST` over `WirePaths`: what the pipeline sends each request with. */
export type PostFn = Client<WirePaths>["POST"];

/** Settings and state behind a `BaseClient`, kept out of sight of `util.inspect`. */
export interface ClientInternals {
  readonly post: PostFn;
  readonly fetch: FetchLike;
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
  const post = createFetchClient<WirePaths>({ baseUrl: options.baseUrl, fetch: fetchImpl }).POST;
  const headers: Record<string, string> = { Accept: "application/json", Webrpc: WEBRPC_HEADER };
  if (options.accessKey) headers["X-Access-Key"] = options.accessKey;
  Object.assign(headers, options.headers);
  const state: ClientInternals = {
    post,
    fetch: fetchImpl,
    accessKey: options.accessKey || undefined,
    headers,
    retry: retryPolicy(options.retry),
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
