/**
 * Sending one attempt: one path, with or without middleware. The client's hook point is
 * openapi-fetch's `Middleware` type (`createClient({ middleware: [...] })`), run here in
 * openapi-fetch's order and by its rules (`throughMiddleware`) rather than by openapi-fetch itself,
 * which would add its request builder to every bundle for a body the codec has already written.
 * With middleware, the `Request` it sees is built from `baseUrl` and the operation's path; without,
 * none is built and the request goes to `fetch` as a URL and an init (a `Request` built and then
 * copied by `fetch` costs more CPU per call on Node than reading and decoding a small answer).
 *
 * The access key is added last, as the request leaves, and only to a request for `baseUrl`'s own
 * origin: a middleware never sees it (a logging middleware cannot print it), and a middleware that
 * points the request at another origin sends it there without the key. Redirects are never
 * followed (`redirect: "manual"` on whatever request a middleware returns), for the same reason.
 */
import type { Middleware as FetchMiddleware } from "openapi-fetch";
import { readUrl } from "../errors/read-url.js";
import { redactCause } from "../errors/redact.js";
import type { RetryInfo } from "../retry/policy.js";

/** Called before each retry of a call: which attempt comes next, why, and after how long. */
export interface RetryHook {
  /** See `RetryInfo`: `attempt`, `reason`, `delayMs`, the error, the redacted headers. */
  onRetry?: (info: RetryInfo) => void;
}

/**
 * A client middleware: openapi-fetch's (`onRequest`, `onResponse`, `onError`, called for every
 * attempt, retries and the reads that reconcile a state-changing call included), and `onRetry`.
 * The request it sees holds no access key; the client adds it as the request leaves, and only when
 * the request still goes to `baseUrl`'s origin.
 *
 * @example
 * const client = createClient({
 *   baseUrl,
 *   accessKey,
 *   middleware: [
 *     {
 *       onRequest({ request }) {
 *         console.log("→", request.method, request.url, request.headers.get("x-request-id"));
 *       },
 *       onResponse({ response }) {
 *         console.log("←", response.status);
 *       },
 *       onRetry({ operation, attempt, reason, delayMs }) {
 *         console.log(`retry ${attempt} of ${operation} in ${delayMs} ms: ${reason}`);
 *       },
 *     },
 *   ],
 * });
 */
export type Middleware = (FetchMiddleware & RetryHook) | Required<RetryHook>;

/** A WHATWG `fetch`: Node's, a browser's, a worker's, or a handler `(Request) => Response`. */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

/** The default `fetch`: the global one, looked up at call time. */
export const defaultFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

/** Whether `fetchImpl` is the global `fetch` (the default, or the global passed in the options). */
export function usesGlobalFetch(fetchImpl: FetchLike): boolean {
  return fetchImpl === defaultFetch || fetchImpl === globalThis.fetch;
}

/** One attempt, as the attempt hands it to the transport. */
export interface Outgoing {
  /** `/rpc/Service/…` */
  readonly path: string;
  /** The encoded request. */
  readonly body: string;
  /**
   * The client's and the call's headers, without the access key: the client's own set, not a
   * copy, on a call that adds none (the transport copies it as the request leaves).
   */
  readonly headers: Record<string, string>;
  readonly signal: AbortSignal;
  /** Told the URL the request leaves for, just before it leaves. */
  sent(url: string): void;
  /** Told the response as it arrives from the network, before any middleware sees it. */
  arrived(response: Response, sentAt: number): void;
  /**
   * Nothing for a 2xx; for anything else, a promise rejected with its typed error (called after
   * every `onResponse`).
   */
  check(response: Response): Promise<never> | undefined;
}

/** Sends attempts. */
export interface Transport {
  /** Resolves with a 2xx response, its body unread. */
  send(out: Outgoing): Promise<Response>;
}

/** What a transport is made of. */
export interface TransportOptions {
  readonly baseUrl: string;
  readonly fetch: FetchLike;
  readonly accessKey: string | undefined;
  readonly middleware: readonly Middleware[];
}

/** The transport of one client. */
export function createTransport(options: TransportOptions): Transport {
  const hooks = options.middleware.filter(isFetchMiddleware);
  const origin = new URL(options.baseUrl).origin;
  // Whatever a `fetch` throws may hold the key (the `Request` it was given, its headers): a
  // redacted copy of it goes on, before any middleware's `onError` or error message sees it.
  const hide = (e: unknown): never => {
    throw redactCause(e, options.accessKey);
  };
  // One promise step from `fetch` to the caller: the arrival noted and, without middleware
  // (`last`), the status checked in the same callback. What that callback throws (a response
  // from a `fetch` passed in may throw when read) is redacted by the attempt or, on its way
  // through middleware, by `hide`.
  const leave = (out: Outgoing, url: string, init: RequestInit, last?: boolean) => {
    out.sent(url);
    const sentAt = Date.now();
    let fetched: Promise<Response>;
    try {
      fetched = usesGlobalFetch(options.fetch)
        ? globalThis.fetch(url, init)
        : options.fetch(new Request(url, init));
    } catch (e) {
      fetched = Promise.reject(e);
    }
    return Promise.resolve(fetched).then((response) => {
      out.arrived(response, sentAt);
      return (last && out.check(response)) || response;
    }, hide);
  };
  // Plain fields, not a `Headers`: that spares two objects per call (about 4% of a loopback call).
  // A fresh object each call, though the client's set is the same: `fetch` may be a wrapper
  // (tracing, logging) that edits the headers it is handed, and one call's edits must not reach
  // the next (nor its `delete` of the key). A plain copy, then the key set on it: V8 copies an
  // object fastest when the literal adds nothing to the spread.
  const withKey = (headers: Record<string, string>): Record<string, string> => {
    const copy = { ...headers };
    if (options.accessKey !== undefined) copy["X-Access-Key"] = options.accessKey;
    return copy;
  };
  const base = options.baseUrl.replace(/\/+$/, "");
  // The headers a request leaves with: the key added for `baseUrl`'s origin; for another origin,
  // no `X-Access-Key` at all, whoever set it.
  const keyFor = (request: Request): Headers => {
    const headers = new Headers(request.headers);
    if (readUrl(request.url)?.origin !== origin) headers.delete("X-Access-Key");
    else if (options.accessKey !== undefined) headers.set("X-Access-Key", options.accessKey);
    return headers;
  };
  return {
    send(out) {
      const url = base + out.path;
      const init: RequestInit = {
        method: "POST",
        headers: out.headers,
        body: out.body,
        signal: out.signal,
        redirect: "manual",
      };
      // Without middleware no `Request` is built: nothing would see it, and `fetch` would copy it.
      if (hooks.length === 0) {
        init.headers = withKey(out.headers);
        return leave(out, url, init, true);
      }
      // The status is checked after every `onResponse`: each middleware sees every answer, the
      // refused ones too.
      return throughMiddleware(hooks, out.path, new Request(url, init), (request) =>
        leave(out, request.url, requestInit(request, keyFor(request))).catch(hide),
      ).then((response) => out.check(response) || response);
    },
  };
}

/** What every middleware callback is told besides the request (openapi-fetch's fields). */
function callbackContext(schemaPath: string, send: (request: Request) => Promise<Response>) {
  return {
    schemaPath,
    params: {},
    id: Math.random().toString(36).slice(2, 11),
    options: Object.freeze({
      baseUrl: "",
      fetch: send as typeof globalThis.fetch,
      parseAs: "stream" as const,
      querySerializer: () => "",
      bodySerializer: (body: unknown) => String(body),
      pathSerializer: (path: string) => path,
    }),
  };
}

/**
 * Runs the middleware around one request, in openapi-fetch's order and with its rules: every
 * `onRequest` in order (one may replace the request, or answer it and skip the network), then the
 * network; if that failed, every `onError` in reverse order (one may answer instead, or replace the
 * error); then every `onResponse` in reverse order (one may replace the answer).
 */
async function throughMiddleware(
  hooks: readonly FetchMiddleware[],
  schemaPath: string,
  first: Request,
  send: (request: Request) => Promise<Response>,
): Promise<Response> {
  const ctx = callbackContext(schemaPath, send);
  let request = first;
  for (const m of hooks) {
    const result: unknown = await m.onRequest?.({ ...ctx, request });
    if (result instanceof Response) return result;
    if (result instanceof Request) request = result;
    else if (result) throw new Error("onRequest: must return a Request or a Response, or nothing");
  }
  const backwards = [...hooks].reverse();
  let response: Response | undefined;
  try {
    response = await send(request);
  } catch (thrown) {
    let error: unknown = thrown;
    for (const m of backwards) {
      const result: unknown = await m.onError?.({ ...ctx, request, error });
      if (result instanceof Response) {
        response = result;
        break;
      }
      if (result instanceof Error) error = result;
      else if (result) throw new Error("onError: must return a Response or an Error, or nothing");
    }
    if (response === undefined) throw error;
  }
  for (const m of backwards) {
    const result: unknown = await m.onResponse?.({ ...ctx, request, response });
    if (result instanceof Response) response = result;
    else if (result) throw new Error("onResponse: must return a Response, or nothing");
  }
  return response;
}

/** The init of a `Request`, to send it again with `headers`. */
function requestInit(request: Request, headers: Headers): RequestInit & { duplex?: "half" } {
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers,
    signal: request.signal,
    redirect: "manual",
  };
  if (request.body !== null) {
    init.body = request.body;
    init.duplex = "half";
  }
  return init;
}

function isFetchMiddleware(m: Middleware): m is FetchMiddleware & RetryHook {
  const x = m as Partial<FetchMiddleware>;
  return (
    typeof x.onRequest === "function" ||
    typeof x.onResponse === "function" ||
    typeof x.onError === "function"
  );
}
