/**
 * `CommitIntent` and `ExecuteIntent` change state, so they are never re-sent blindly. When one
 * fails ambiguously (connection lost or no answer after the request may have been sent, or an
 * unreadable answer), the client reads the intent back: if the server acted, the call succeeds
 * with that outcome; if the intent provably did not move, the request is sent once more;
 * otherwise the original error is reported.
 */
import { operationTable as ops } from "../../generated/operations.js";
import type * as T from "../../generated/types.js";
import * as v from "../../generated/validators.js";
import { isServiceError } from "../errors/service-error.js";
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
  return withReconciliation(client, intentId, send, reconcileCommit, () => ({ intentId }), options);
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
  return withReconciliation(client, request.intentId, send, reconcileExecute, outcome, options);
}

async function withReconciliation<R>(
  client: BaseClient,
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
      if (verdict === "resend" && resent === 0) continue;
      throw error;
    }
  }
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
