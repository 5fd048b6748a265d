/**
 * One operation call: validate the request, encode it, send it with retries, decode the answer.
 * Every failure surfaces as a `ServiceError` whose `isRetryable` says whether trying again later
 * may help.
 */

import { WebrpcClientAbortedError } from "../../generated/errors.js";
import type { OperationInfo } from "../../generated/operations.js";
import type { Validator } from "../../generated/validators.js";
import { RequestValidationError } from "../errors/client-errors.js";
import { redactHeaders } from "../errors/redact.js";
import type { ServiceError } from "../errors/service-error.js";
import { decideRetry, isRetryableFor } from "../retry/decision.js";
import { sleep } from "../retry/sleep.js";
import { check } from "../validation/check.js";
import { attempt } from "./attempt.js";
import { type BaseClient, internalsOf } from "./base-client.js";
import { decodeResponse } from "./decode.js";
import { encodeRequest } from "./encode.js";
import type { CallOptions } from "./options.js";

/** The schema pieces of one operation. */
export interface OperationSpec {
  readonly info: OperationInfo;
  readonly validateRequest: Validator;
  readonly validateResponse: Validator;
}

/** Calls `spec` with `request`; resolves with the decoded, validated response. */
export async function callOperation(
  client: BaseClient,
  spec: OperationSpec,
  request: unknown,
  options: CallOptions = {},
): Promise<unknown> {
  const inner = internalsOf(client);
  const { info } = spec;
  if (inner.validate !== "off") {
    const report = check(spec.validateRequest, request, info.name, "request");
    if (report && inner.validate === "strict") {
      throw new RequestValidationError({
        operation: info.name,
        message: report.message,
        pointer: report.pointer,
        issues: report.issues,
      });
    }
    if (report) inner.onValidationIssue(report);
  }
  const body = encodeRequest(info.name, info.requestType, request, inner.bigintAs);
  const headers = { ...inner.headers, ...options.headers };
  const defaultTimeout =
    info.name === "WaitIntentReceipt" ? inner.longPollTimeoutMs : inner.timeoutMs;
  const exchange = {
    operation: info.name,
    path: info.path,
    body,
    headers,
    timeoutMs: options.timeoutMs ?? defaultTimeout,
    signal: options.signal,
  };
  for (let retry = 0; ; retry++) {
    let error: ServiceError;
    try {
      const { status, text } = await attempt(inner, exchange);
      return decodeResponse(
        inner,
        info.name,
        info.responseType,
        spec.validateResponse,
        status,
        text,
      );
    } catch (e) {
      error = e as ServiceError;
    }
    error.isRetryable = isRetryableFor(error, info.safeToRepeat);
    const decision = decideRetry(error, retry, info.safeToRepeat, inner.retry);
    if (!decision.retry) throw error;
    inner.retry.onRetry?.({
      attempt: retry + 1,
      delayMs: decision.delayMs,
      error,
      operation: info.name,
      headers: redactHeaders(headers, inner.accessKey),
    });
    try {
      await sleep(decision.delayMs, options.signal);
    } catch {
      throw new WebrpcClientAbortedError({
        status: 0,
        operation: info.name,
        message: `${info.name} aborted by the caller while waiting to retry`,
        cause: error,
      });
    }
  }
}
