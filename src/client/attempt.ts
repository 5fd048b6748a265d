/**
 * One HTTP exchange: send the encoded request, read at most `maxResponseBytes` of the answer, and
 * return the raw text of a 2xx — or throw the typed error for everything else (error bodies,
 * redirects, network failures, timeouts, caller aborts, oversized or unreadable bodies).
 *
 * Redirects are never followed (`redirect: "manual"`): the service's interface has none, and a
 * followed redirect would carry `X-Access-Key` to wherever it points. Any 3xx is a
 * `RedirectRefusedError` naming the status and the origin it pointed to.
 */
import { WebrpcClientAbortedError, WebrpcRequestFailedError } from "../../generated/errors.js";
import { MAX_DEPTH } from "../codec/leaf.js";
import { scanUnsafeNumbers } from "../codec/number-tokens.js";
import { networkHint } from "../errors/hints.js";
import { redactCause, redactText } from "../errors/redact.js";
import type { ServiceError } from "../errors/service-error.js";
import { parseRetryAfter, serverNowOf } from "../retry/retry-after.js";
import type { ClientInternals } from "./base-client.js";
import { BodyNotUtf8Error, BodyTooLargeError, readLimited } from "./body-limit.js";
import { RequestTimeoutError, ResponseTooLargeError } from "./client-errors.js";
import { exchangeSkew } from "./clock-skew.js";
import { decodeBounds } from "./decode-bounds.js";
import { badResponse, errorFromWire, type WireContext } from "./from-wire.js";
import { isRedirect, redirectRefused } from "./redirect.js";
import { type Outgoing, usesGlobalFetch } from "./transport.js";
import { abortable, deadline } from "./wait.js";

/** What one exchange needs to know. */
export interface AttemptRequest {
  operation: string;
  path: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  signal: AbortSignal | undefined;
}

/** A 2xx answer: its status and body text. */
export interface AttemptResult {
  status: number;
  text: string;
}

/**
 * The state of one exchange, shared by the steps below; also what the transport is handed, so
 * that an attempt makes one object for both.
 */
interface Exchange extends Outgoing {
  readonly inner: ClientInternals;
  readonly req: AttemptRequest;
  readonly ctx: WireContext;
  /** The URL sent to, once the request was built (for messages; never holds the key). */
  url: string | undefined;
  /**
   * The status of the response, once its headers arrived: kept, so that reporting a failure
   * never reads the response again (one from a `fetch` passed in may throw on every read).
   */
  received: number | undefined;
  /** Local time the headers arrived. */
  headersAt?: number;
  /** The typed error this exchange made of a response that is not a 2xx. */
  failed?: ServiceError;
}

/** Sends once. Resolves with a 2xx body; rejects only with `ServiceError`s. */
export async function attempt(inner: ClientInternals, req: AttemptRequest): Promise<AttemptResult> {
  const limit = deadline(req.signal, Math.max(0, req.timeoutMs));
  const x: Exchange = {
    inner,
    req,
    ctx: { operation: req.operation, secret: inner.accessKey },
    url: undefined,
    received: undefined,
    path: req.path,
    body: req.body,
    headers: req.headers,
    signal: limit.signal,
    sent(url) {
      x.url = url;
    },
    arrived(response, sentAt) {
      // Local times around the exchange, for the clock skew: taken here, not after the body is
      // read, so that a slow body does not pass for a clock difference.
      const headersAt = Date.now();
      const date = response.headers.get("date");
      x.received = response.status;
      x.headersAt = headersAt;
      const skew = exchangeSkew(date, sentAt, headersAt);
      if (skew !== undefined) inner.clockSkewMs = skew;
    },
    check(response) {
      x.received = response.status;
      return response.ok
        ? undefined
        : failure(x, response, x.headersAt ?? Date.now()).then((e) => {
            x.failed = e;
            throw e;
          });
    },
  };
  try {
    if (req.signal?.aborted) throw req.signal.reason;
    const running = exchange(x);
    // The global fetch ends the wait for headers and any body read on abort, as the Fetch
    // standard says; a fetch passed in may not: race it, so that an abort ends the call at once.
    return await (usesGlobalFetch(inner.fetch) ? running : abortable(running, limit.signal));
  } catch (thrown) {
    // Only an error this exchange made goes out as it is. Anything else came from code the client
    // does not own (a `fetch`, a middleware, a body stream) and may hold the key anywhere: a
    // redacted copy stands in for it, even when it looks like one of the SDK's errors.
    if (thrown === x.failed) throw thrown;
    const e = isBodyError(thrown) ? thrown : redactCause(thrown, inner.accessKey);
    if (req.signal?.aborted) {
      throw new WebrpcClientAbortedError({
        status: 0,
        operation: req.operation,
        message: `${req.operation} aborted by the caller`,
        cause: redactCause(req.signal.reason, inner.accessKey),
      });
    }
    if (limit.timedOut()) {
      throw new RequestTimeoutError({
        operation: req.operation,
        message: `${req.operation} request${where(x)} got no answer within ${req.timeoutMs} ms`,
      });
    }
    if (x.received !== undefined) throw unreadable(x, x.received, e);
    throw new WebrpcRequestFailedError({
      status: 0,
      operation: req.operation,
      message: `${req.operation} request${where(x)} failed: ${describeNetworkError(e, x)}`,
      cause: e,
    });
  } finally {
    limit.dispose();
  }
}

/**
 * Sends through the client's transport (and its middleware), which tells the exchange where the
 * request went and when the answer arrived, and has it turn anything but a 2xx into its typed
 * error; a 2xx body is left unread for the bounded reader.
 */
async function exchange(x: Exchange): Promise<AttemptResult> {
  const { inner } = x;
  const response = await inner.transport.send(x);
  // Strict validation refuses malformed UTF-8 anywhere in a body, in a known string as in an
  // unknown member: replaced by U+FFFD, it would pass for text the server never sent.
  const text = await readLimited(response, inner.maxResponseBytes, inner.validate === "strict");
  return { status: response.status, text };
}

/** The typed error of a response that is not a 2xx. */
async function failure(x: Exchange, response: Response, localNow: number): Promise<ServiceError> {
  const { inner, ctx } = x;
  if (isRedirect(response)) {
    response.body?.cancel().catch(() => {});
    return redirectRefused(response, ctx, x.url);
  }
  if (response.status === 0) {
    response.body?.cancel().catch(() => {});
    return badResponse(0, `an opaque or network-error response (type ${response.type})`, ctx);
  }
  let text: string;
  try {
    text = await readLimited(response, inner.maxResponseBytes);
  } catch (e) {
    return unreadable(x, response.status, e);
  }
  let body: unknown = text;
  try {
    // An error body nesting past MAX_DEPTH, or holding more values than a 2xx body may, is not
    // parsed at all: no webrpc error nests so or holds so much.
    const scanned = scanUnsafeNumbers(text, MAX_DEPTH, decodeBounds(inner.maxResponseBytes));
    if (scanned.deepAt < 0 && scanned.denseAt < 0) body = JSON.parse(text);
  } catch {
    // Not JSON: a proxy's page or a cut body; errorFromWire reports it as a bad response.
  }
  const serverNow = serverNowOf(response.headers, localNow, inner.clockSkewMs);
  const retryAfterMs = parseRetryAfter(response.headers, serverNow);
  return errorFromWire(response.status, body, { ...ctx, retryAfterMs, url: x.url });
}

/** The error of a body that could not be read: too large, not UTF-8, or cut off in transit. */
function unreadable(x: Exchange, status: number, e: unknown): ServiceError {
  if (e instanceof BodyTooLargeError) {
    return new ResponseTooLargeError({
      status,
      operation: x.req.operation,
      message: `bad response from ${x.req.operation}: HTTP ${status}, ${e.message}`,
      limitBytes: e.limit,
    });
  }
  if (e instanceof BodyNotUtf8Error) return badResponse(status, e.message, x.ctx);
  return badResponse(status, "the body could not be read in full", x.ctx, undefined, e);
}

/** ` to <url>` for messages, when the request got as far as having one. */
function where(x: Exchange): string {
  return x.url === undefined ? "" : ` to ${redactText(x.url, x.inner.accessKey)}`;
}

/** Whether `e` is the bounded reader's own error (a test that never throws, whatever `e` is). */
function isBodyError(e: unknown): boolean {
  try {
    return e instanceof BodyTooLargeError || e instanceof BodyNotUtf8Error;
  } catch {
    return false;
  }
}

function describeNetworkError(e: unknown, x: Exchange): string {
  const cause = e instanceof Error ? e.cause : undefined;
  const code = (cause as { code?: unknown } | undefined)?.code;
  const target = { operation: x.req.operation, url: x.url, secret: x.inner.accessKey };
  return networkHint(typeof code === "string" ? code : undefined, target);
}
