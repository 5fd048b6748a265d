/**
 * The call path of `@retry:unsafe` operations: never re-sent blindly. When one fails ambiguously
 * (connection lost after the request may have been sent, or an unreadable answer) and its
 * operation has a reconciler (`reconcilers.ts`), the client reads the intent back: if the server
 * acted, the call succeeds with that outcome; if the intent did not move, the request is sent
 * once more; otherwise the original error is reported. Without a reconciler the error is reported.
 *
 * A client-side timeout is different: the request may still be on its way or being processed, so
 * an unmoved intent proves nothing. After a timeout the intent is read back as well, but the
 * request is never sent again: unless the read shows the server acted, the caller gets a
 * `RequestTimeoutError` saying that the outcome is unknown.
 */
import { getIntent } from "../../generated/client.js";
import type { IntentStatus } from "../../generated/types.js";
import { RequestTimeoutError } from "../errors/client-errors.js";
import { isServiceError, type ServiceError } from "../errors/service-error.js";
import { isAmbiguousFailure } from "../retry/decision.js";
import type { BaseClient } from "./base-client.js";
import { callOperation, type OperationSpec } from "./call.js";
import type { CallOptions } from "./options.js";
import { type Reconciler, reconcilers } from "./reconcilers.js";

/** Calls a state-changing operation, reconciling an ambiguous failure (used by generated code). */
export async function callReconciled<Request, Response>(
  client: BaseClient,
  spec: OperationSpec<Request, Response>,
  request: Request,
  options?: CallOptions,
): Promise<Response> {
  const reconciler = Object.hasOwn(reconcilers, spec.name) ? reconcilers[spec.name] : undefined;
  const intentId = reconciler?.intentId(request);
  for (let resent = 0; ; resent++) {
    try {
      return await callOperation(client, spec, request, options);
    } catch (error) {
      if (!reconciler || !intentId || !isServiceError(error) || !isAmbiguousFailure(error)) {
        throw error;
      }
      const status = await readStatus(client, intentId, options);
      const verdict = status === undefined ? "unknown" : reconciler.verdict(status);
      if (verdict === "done" && status !== undefined) {
        return outcomeOf(reconciler, request, status);
      }
      const timedOut = error.code === RequestTimeoutError.definition.code;
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

async function readStatus(
  client: BaseClient,
  intentId: string,
  options: CallOptions | undefined,
): Promise<IntentStatus | undefined> {
  try {
    const { intent } = await getIntent(client, { intentId }, options);
    return intent.status;
  } catch {
    return undefined;
  }
}
