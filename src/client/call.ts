/**
 * One operation call: validate the request, encode it, send it with retries, decode the answer.
 * Every failure surfaces as a `ServiceError` whose `isRetryable` says whether trying again later
 * may help.
 */

import { WebrpcClientAbortedError } from "../../generated/errors.js";
import type { OperationName, OperationTypes } from "../../generated/operations.js";
import type { Validator } from "../../generated/validators.js";
import { redactHeaders } from "../errors/redact.js";
import type { ServiceError } from "../errors/service-error.js";
import { isRetryableFor, retryDelay, retryReason } from "../retry/decision.js";
import type { RetryInfo } from "../retry/policy.js";
import { check } from "../validation/check.js";
import { type AnswerIds, checkReadAnswers } from "./answers-read.js";
import { attempt } from "./attempt.js";
import { type BaseClient, internalsOf } from "./base-client.js";
import { RequestTimeoutError, RequestValidationError } from "./client-errors.js";
import { decodeResponse } from "./decode.js";
import { encodeRequest } from "./encode.js";
import type { CallOptions } from "./options.js";

/** The request body of operation `K`. */
export type RequestOf<K extends OperationName> = OperationTypes[K]["request"];
/** The response body of operation `K`. */
export type ResponseOf<K extends OperationName> = OperationTypes[K]["response"];

/**
 * What the generated code tells the pipeline about one operation, `K`: its request and response
 * types are `OperationTypes[K]`.
 */
export interface OperationSpec<K extends OperationName = OperationName> {
  /** Operation name, e.g. `QuoteIntent`. */
  readonly name: K;
  /** HTTP path (always `POST`). */
  readonly path: `/rpc/Service/${K}`;
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
  /** The request's bigint field paths (the codec's syntax): each operation carries its own. */
  readonly requestBigints: readonly string[];
  /** The response's bigint field paths. */
  readonly responseBigints: readonly string[];
  /** Where the answer names the intent the request asked for (reads of one intent only). */
  readonly answerIds?: AnswerIds;
}

/** Calls `spec` with `request`; resolves with the decoded, validated response. */
export async function callOperation<K extends OperationName>(
  client: BaseClient,
  spec: OperationSpec<K>,
  request: RequestOf<K>,
  options: CallOptions = {},
): Promise<ResponseOf<K>> {
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
  const body = encodeRequest(spec.name, spec.requestBigints, request, inner.bigintAs);
  // The client's own set when the call adds none: the transport adds the key to it once.
  const headers = options.headers ? { ...inner.headers, ...options.headers } : inner.headers;
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
      const started = Date.now();
      const { status, text } = await attempt(inner, exchange);
      const answer = decodeResponse(inner, spec, status, text);
      // The time limit covers decoding too: decoding cannot be interrupted, so a body that took
      // longer than the limit to arrive and decode is a timeout once decoded (the bounds on its
      // values keep that short), as a body that took longer to arrive would have been.
      if (exchange.timeoutMs > 0 && Date.now() - started > exchange.timeoutMs) {
        throw new RequestTimeoutError({
          operation: spec.name,
          status,
          message: `${spec.name} answer was not received and decoded within ${exchange.timeoutMs} ms`,
        });
      }
      checkReadAnswers(spec, request, answer, status, inner.accessKey);
      // The validator has just checked the decoded body against the response's schema.
      return answer as ResponseOf<K>;
    } catch (e) {
      error = e as ServiceError;
    }
    error.isRetryable = isRetryableFor(error, spec.safeToRepeat);
    const delayMs = retryDelay(error, retry, spec.safeToRepeat, inner.retry);
    if (delayMs === undefined) throw error;
    if (inner.retryHooks.length > 0) {
      const info: RetryInfo = {
        attempt: retry + 1,
        reason: retryReason(error),
        delayMs,
        error,
        operation: spec.name,
        headers: redactHeaders(headers, inner.accessKey),
      };
      for (const hook of inner.retryHooks) hook(info);
    }
    try {
      await inner.sleep(delayMs, options.signal);
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
