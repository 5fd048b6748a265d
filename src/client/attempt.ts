/**
 * One HTTP exchange: send the encoded request, read at most `maxResponseBytes` of the answer, and
 * return the raw text of a 2xx — or throw the typed error for everything else (error bodies,
 * network failures, timeouts, caller aborts, oversized or unreadable bodies).
 */
import { WebrpcClientAbortedError, WebrpcRequestFailedError } from "../../generated/errors.js";
import { RequestTimeoutError } from "../errors/client-errors.js";
import { badResponse, errorFromWire } from "../errors/from-wire.js";
import { redactCause } from "../errors/redact.js";
import type { ServiceError } from "../errors/service-error.js";
import { exchangeSkew } from "../expiry/clock-skew.js";
import { parseRetryAfter } from "../retry/retry-after.js";
import type { ClientInternals } from "./base-client.js";
import { BodyTooLargeError, limitBody } from "./body-limit.js";

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

/** Sends once. Resolves with a 2xx body; rejects only with `ServiceError`s. */
export async function attempt(inner: ClientInternals, req: AttemptRequest): Promise<AttemptResult> {
  const ctx = { operation: req.operation, secret: inner.accessKey };
  const controller = new AbortController();
  let timedOut = false;
  let received: Response | undefined;
  const stop = () => controller.abort(req.signal?.reason);
  req.signal?.addEventListener("abort", stop, { once: true });
  const timer =
    req.timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort(new Error("timeout"));
        }, req.timeoutMs)
      : undefined;
  // Some fetch implementations do not end a body read on abort: race it so an abort ends the
  // call at once whatever the fetch does.
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener("abort", () => reject(controller.signal.reason), {
      once: true,
    });
  });
  aborted.catch(() => {});
  // Local times around the exchange, for the clock skew: taken here, not after the body is read,
  // so that a slow body does not pass for a clock difference.
  let sentAt = 0;
  let headersAt = 0;
  const fetchOnce = async (input: Request): Promise<Response> => {
    sentAt = Date.now();
    const response = await inner.fetch(input);
    headersAt = Date.now();
    received = response;
    return limitBody(response, inner.maxResponseBytes);
  };
  try {
    if (req.signal?.aborted) throw req.signal.reason;
    const { data, error, response } = await Promise.race([
      inner.post(req.path, {
        body: req.body,
        bodySerializer: (body: string) => body,
        parseAs: "text",
        headers: req.headers,
        signal: controller.signal,
        fetch: fetchOnce,
      }),
      aborted,
    ]);
    const skew = exchangeSkew(response.headers.get("date"), sentAt, headersAt);
    if (skew !== undefined) inner.clockSkewMs = skew;
    if (response.ok) return { status: response.status, text: typeof data === "string" ? data : "" };
    const retryAfterMs = parseRetryAfter(response.headers);
    throw errorFromWire(response.status, error ?? "", { ...ctx, retryAfterMs });
  } catch (e) {
    if (isServiceErrorLike(e)) throw e;
    if (req.signal?.aborted) {
      throw new WebrpcClientAbortedError({
        status: 0,
        operation: req.operation,
        message: `${req.operation} aborted by the caller`,
        cause: redactCause(req.signal.reason, inner.accessKey),
      });
    }
    if (timedOut) {
      throw new RequestTimeoutError({
        operation: req.operation,
        message: `${req.operation} got no answer within ${req.timeoutMs} ms`,
      });
    }
    if (received) {
      const status = received.status;
      if (e instanceof BodyTooLargeError) throw badResponse(status, e.message, ctx);
      throw badResponse(status, "the body could not be read in full", ctx, undefined, e);
    }
    throw new WebrpcRequestFailedError({
      status: 0,
      operation: req.operation,
      message: `${req.operation} request failed: ${describeNetworkError(e)}`,
      cause: redactCause(e, inner.accessKey),
    });
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    req.signal?.removeEventListener("abort", stop);
  }
}

function isServiceErrorLike(e: unknown): e is ServiceError {
  return e instanceof Error && typeof (e as { code?: unknown }).code === "number" && "error" in e;
}

function describeNetworkError(e: unknown): string {
  const cause = e instanceof Error ? e.cause : undefined;
  const code = (cause as { code?: unknown } | undefined)?.code;
  if (typeof code === "string") return `network error (${code})`;
  return "network error";
}
