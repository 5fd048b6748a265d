/**
 * The call path of `@retry:unsafe` operations: never re-sent blindly. When one fails ambiguously
 * (connection lost after the request may have been sent, or an unreadable answer) and its
 * operation has a reconciler (`reconcilers.ts`), the client reads the intent back: if the server
 * acted, the call succeeds with that outcome; if the intent did not move, the request is sent
 * once more; otherwise the original error is reported. Without a reconciler the error is reported.
 *
 * "Did not move" must be proven, not read once: a read served by a replica that lags behind the
 * one that acted still shows the old status. So before sending again the intent is read again
 * after 250, 500 and 1000 ms; any read showing the server acted ends it as a success, and only
 * four reads in a row over 1.75 s showing the old status allow the one re-send.
 *
 * The reading-back uses the client's headers, its signal and time limit, but not the per-call
 * headers of the state-changing call: those were meant for that call (a fault injected with
 * `X-Dev-Fault` on a commit must not spoil the read that reconciles it).
 *
 * A client-side timeout is different: the request may still be on its way or being processed, so
 * an unmoved intent proves nothing. After a timeout the intent is read back as well, but the
 * request is never sent again: unless the read shows the server acted, the caller gets a
 * `RequestTimeoutError` saying that the outcome is unknown.
 */
import type { OperationName } from "../../generated/operations.js";
import type { IntentStatus } from "../../generated/types.js";
import { hasServiceErrorShape, type ServiceError } from "../errors/service-error.js";
import { isAmbiguousFailure } from "../retry/decision.js";
import type { Reconciliation } from "../retry/reconcile.js";
import { type BaseClient, internalsOf } from "./base-client.js";
import { callOperation, type OperationSpec, type RequestOf, type ResponseOf } from "./call.js";
import { RequestTimeoutError } from "./client-errors.js";
import type { CallOptions } from "./options.js";
import { readIntent } from "./read-intent.js";
import { type Reconciler, reconcilers } from "./reconcilers.js";

/** Calls a state-changing operation, reconciling an ambiguous failure (used by generated code). */
export async function callReconciled<K extends OperationName>(
  client: BaseClient,
  spec: OperationSpec<K>,
  request: RequestOf<K>,
  options?: CallOptions,
): Promise<ResponseOf<K>> {
  const reconciler = Object.hasOwn(reconcilers, spec.name) ? reconcilers[spec.name] : undefined;
  const intentId = reconciler?.intentId(request);
  for (let resent = 0; ; resent++) {
    try {
      return await callOperation(client, spec, request, options);
    } catch (error) {
      if (!reconciler || !intentId || !hasServiceErrorShape(error) || !isAmbiguousFailure(error)) {
        throw error;
      }
      const timedOut = error.code === RequestTimeoutError.definition.code;
      const confirmations = timedOut || resent > 0 ? [] : CONFIRM_DELAYS_MS;
      const { verdict, status } = await readBack(
        client,
        reconciler,
        intentId,
        confirmations,
        options,
      );
      if (verdict === "done" && status !== undefined) {
        return outcomeOf(reconciler, request, status);
      }
      if (verdict === "resend" && resent === 0 && !timedOut) continue;
      throw timedOut ? outcomeUnknown(spec.name, error) : error;
    }
  }
}

// The reconciler builds the operation's response from the request and the status read back.
function outcomeOf<Response>(r: Reconciler, request: unknown, status: IntentStatus): Response {
  return r.outcome(request, status) as Response;
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

/** Waits before each further read while the status still says "resend" (see the top). */
const CONFIRM_DELAYS_MS: readonly number[] = [250, 500, 1000];

/**
 * The verdict on the intent's status: read once, then again after each of `confirmations` while
 * it says "resend"; "done" as soon as one read shows the server acted.
 */
async function readBack(
  client: BaseClient,
  reconciler: Reconciler,
  intentId: string,
  confirmations: readonly number[],
  options: CallOptions | undefined,
): Promise<{ verdict: Reconciliation; status: IntentStatus | undefined }> {
  const read = async () => {
    const status = await readStatus(client, intentId, options);
    return { verdict: status === undefined ? "unknown" : reconciler.verdict(status), status };
  };
  let seen = await read();
  for (const delayMs of confirmations) {
    if (seen.verdict !== "resend") break;
    try {
      await internalsOf(client).sleep(delayMs, options?.signal);
    } catch {
      return { verdict: "unknown", status: undefined };
    }
    seen = await read();
  }
  return seen;
}

async function readStatus(
  client: BaseClient,
  intentId: string,
  options: CallOptions | undefined,
): Promise<IntentStatus | undefined> {
  const read: CallOptions = {};
  if (options?.signal) read.signal = options.signal;
  if (options?.timeoutMs !== undefined) read.timeoutMs = options.timeoutMs;
  try {
    const { intent } = await readIntent(client, { intentId }, read);
    return intent.status;
  } catch {
    return undefined;
  }
}
