/**
 * `CommitIntent` and `ExecuteIntent` change state, so they are never re-sent blindly. When one
 * fails ambiguously (connection lost after the request may have been sent, or an unreadable
 * answer), the client reads the intent back: if the server acted, the call succeeds with that
 * outcome; if the intent did not move, the request is sent once more; otherwise the original
 * error is reported.
 *
 * A client-side timeout is different: the request may still be on its way or being processed, so
 * an unmoved intent proves nothing. After a timeout the intent is read back as well, but the
 * request is never sent again: unless the read shows the server acted, the caller gets a
 * `RequestTimeoutError` saying that the outcome is unknown.
 */
import { operationTable as ops } from "../../generated/operations.js";
import type * as T from "../../generated/types.js";
import * as v from "../../generated/validators.js";
import { RequestTimeoutError } from "../errors/client-errors.js";
import { isServiceError, type ServiceError } from "../errors/service-error.js";
import { isAmbiguousFailure } from "../retry/decision.js";
import { type Reconciliation, reconcileCommit, reconcileExecute } from "../retry/reconcile.js";
import type { BaseClient } from "./base-client.js";
import { callOperation } from "./call.js";
import { getIntent } from "./operations.js";
import type { CallOptions } from "./options.js";

/**
 * Commits a quoted intent, sent back exactly as `quoteIntent` returned it. Reserves the quote
 * (valid 5 minutes after issue); the intent must then be executed within 10 minutes.
 *
 * @example
 * const { intent } = await quoteIntent(client, request);
 * const { intentId } = await commitIntent(client, { intent });
 */
export function commitIntent(
  client: BaseClient,
  request: T.CommitIntentRequest,
  options?: CallOptions,
): Promise<T.CommitIntentResponse> {
  const spec = {
    info: ops.CommitIntent,
    validateRequest: v.validateCommitIntentRequest,
    validateResponse: v.validateCommitIntentResponse,
  };
  const send = () =>
    callOperation(client, spec, request, options) as Promise<T.CommitIntentResponse>;
  const intentId = request.intent?.intentId;
  const done = () => ({ intentId });
  return withReconciliation(client, "CommitIntent", intentId, send, reconcileCommit, done, options);
}

/** Starts execution of a committed intent (within 10 minutes of its commit). */
export function executeIntent(
  client: BaseClient,
  request: T.ExecuteIntentRequest,
  options?: CallOptions,
): Promise<T.ExecuteIntentResponse> {
  const spec = {
    info: ops.ExecuteIntent,
    validateRequest: v.validateExecuteIntentRequest,
    validateResponse: v.validateExecuteIntentResponse,
  };
  const send = () =>
    callOperation(client, spec, request, options) as Promise<T.ExecuteIntentResponse>;
  const outcome = (status: T.IntentStatus) => ({
    intentId: request.intentId,
    intentStatus: status,
  });
  const id = request.intentId;
  return withReconciliation(client, "ExecuteIntent", id, send, reconcileExecute, outcome, options);
}

async function withReconciliation<R>(
  client: BaseClient,
  operation: string,
  intentId: string | undefined,
  send: () => Promise<R>,
  reconcile: (status: string) => Reconciliation,
  outcome: (status: T.IntentStatus) => R,
  options: CallOptions | undefined,
): Promise<R> {
  for (let resent = 0; ; resent++) {
    try {
      return await send();
    } catch (error) {
      if (!intentId || !isServiceError(error) || !isAmbiguousFailure(error)) throw error;
      const status = await readStatus(client, intentId, options);
      const verdict = status === undefined ? "unknown" : reconcile(status);
      if (verdict === "done" && status !== undefined) return outcome(status);
      const timedOut = error.code === RequestTimeoutError.definition.code;
      if (verdict === "resend" && resent === 0 && !timedOut) continue;
      throw timedOut ? outcomeUnknown(operation, error) : error;
    }
  }
}

function outcomeUnknown(operation: string, timeout: ServiceError): RequestTimeoutError {
  return new RequestTimeoutError({
    message:
      `${operation} timed out and its outcome is unknown: the request may still take effect. ` +
      "Read the intent (getIntent or waitForIntent) before sending it again.",
    cause: timeout,
    retryable: false,
  });
}

async function readStatus(
  client: BaseClient,
  intentId: string,
  options: CallOptions | undefined,
): Promise<T.IntentStatus | undefined> {
  try {
    const { intent } = await getIntent(client, { intentId }, options);
    return intent.status;
  } catch {
    return undefined;
  }
}
