/**
 * One operation call: validate the request, encode it, send it with retries, decode the answer.
 * Every failure surfaces as a `ServiceError` whose `isRetryable` says whether trying again later
 * may help.
 */

import { WebrpcClientAbortedError } from "../../generated/errors.js";
import type { Validator } from "../../generated/validators.js";
import { redactHeaders } from "../errors/redact.js";
import type { ServiceError } from "../errors/service-error.js";
import { decideRetry, isRetryableFor } from "../retry/decision.js";
import { check } from "../validation/check.js";
import { attempt } from "./attempt.js";
import { type BaseClient, internalsOf } from "./base-client.js";
import { RequestValidationError } from "./client-errors.js";
import { decodeResponse } from "./decode.js";
import { encodeRequest } from "./encode.js";
import type { CallOptions } from "./options.js";

/**
 * What the generated code tells the pipeline about one operation. The type parameters are the
 * request and response bodies (the generated functions take them from openapi-fetch's `paths`).
 */
export interface OperationSpec<Request = unknown, Response = unknown> {
  /** Operation name, e.g. `QuoteIntent`. */
  readonly name: string;
  /** HTTP path (always `POST`). */
  readonly path: string;
  /** Request body type name (the codec's bigint paths). */
  readonly requestType: string;
  /** Response body type name. */
  readonly responseType: string;
  /** Whether it may be re-sent after a network failure or 5xx (`@retry:safe`). */
  readonly safeToRepeat: boolean;
  /** A long poll (`@longpoll`): the client's `longPollTimeoutMs` is its default time limit. */
  readonly longPoll?: boolean;
  /** The request validator (closed enums). */
  readonly validateRequest: Validator;
  /** The response validator (open enums). */
  readonly validateResponse: Validator;
  /** Only carries the body types. */
  readonly bodies?: { request: Request; response: Response };
}

/** Calls `spec` with `request`; resolves with the decoded, validated response. */
export async function callOperation<Request, Response>(
  client: BaseClient,
  spec: OperationSpec<Request, Response>,
  request: Request,
  options: CallOptions = {},
): Promise<Response> {
  const inner = internalsOf(client);
  if (inner.validate !== "off") {
    const report = check(spec.validateRequest, request, spec.name, "request");
    if (report && inner.validate === "strict") {
      throw new RequestValidationError({
        operation: spec.name,
        message: report.message,
        pointer: report.pointer,
        issues: report.issues,
      });
    }
    if (report) inner.onValidationIssue(report);
  }
  const body = encodeRequest(spec.name, spec.requestType, request, inner.bigintAs);
  const headers = { ...inner.headers, ...options.headers };
  const defaultTimeout = spec.longPoll ? inner.longPollTimeoutMs : inner.timeoutMs;
  const exchange = {
    operation: spec.name,
    path: spec.path,
    body,
    headers,
    timeoutMs: options.timeoutMs ?? defaultTimeout,
    signal: options.signal,
  };
  for (let retry = 0; ; retry++) {
    let error: ServiceError;
    try {
      const { status, text } = await attempt(inner, exchange);
      // The validator has just checked the decoded body against the response's schema.
      return decodeResponse(
        inner,
        spec.name,
        spec.responseType,
        spec.validateResponse,
        status,
        text,
      ) as Response;
    } catch (e) {
      error = e as ServiceError;
    }
    error.isRetryable = isRetryableFor(error, spec.safeToRepeat);
    const decision = decideRetry(error, retry, spec.safeToRepeat, inner.retry);
    if (!decision.retry) throw error;
    inner.retry.onRetry?.({
      attempt: retry + 1,
      delayMs: decision.delayMs,
      error,
      operation: spec.name,
      headers: redactHeaders(headers, inner.accessKey),
    });
    try {
      await inner.sleep(decision.delayMs, options.signal);
    } catch {
      throw new WebrpcClientAbortedError({
        status: 0,
        operation: spec.name,
        message: `${spec.name} aborted by the caller while waiting to retry`,
        cause: error,
      });
    }
  }
}
