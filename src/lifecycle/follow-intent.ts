/**
 * Following an intent to a final status. Uses `WaitIntentReceipt` long polls; when the server
 * does not offer them, falls back to polling `GetIntentReceipt` with a growing interval.
 */

import { getIntentReceipt, waitIntentReceipt } from "../../generated/client.js";
import { WebrpcClientAbortedError } from "../../generated/errors.js";
import type { WaitIntentReceiptRequest } from "../../generated/types.js";
import { type BaseClient, internalsOf } from "../client/base-client.js";
import { RequestTimeoutError } from "../client/client-errors.js";
import { deadline } from "../client/wait.js";
import { hasServiceErrorShape } from "../errors/service-error.js";
import { type IntentUpdate, sameStates, statesOf, toUpdate } from "./intent-update.js";
import { isLongPollUnsupported } from "./long-poll-support.js";
import { DEFAULT_POLL_INTERVAL_MS, nextPollInterval } from "./poll-interval.js";

export type { IntentUpdate } from "./intent-update.js";

/** Options of `waitForIntent` and `watchIntent`. */
export interface FollowOptions {
  /** Stops following (the call rejects with `WebrpcClientAbortedError`). */
  signal?: AbortSignal;
  /** Overall limit, ms; past it the call rejects with `RequestTimeoutError`. Default: none. */
  timeoutMs?: number;
  /**
   * First interval of the `GetIntentReceipt` fallback, ms (default 500). Each read without a
   * change multiplies it by 1.5, up to 5 s; a change brings it back to this value.
   */
  pollIntervalMs?: number;
}

/**
 * Yields an update on each change of status or receipt states, ending at a final status. Uses
 * `WaitIntentReceipt` long polls; on a server without them (webrpc's bad route or method, or a
 * router's 404, 405 or 501 page) it polls `GetIntentReceipt` instead. It waits between reads
 * with the client's `sleep` (a test's own records the pacing without spending real time).
 *
 * @example
 * for await (const update of followIntent(client, intentId)) render(update.status);
 */
export async function* followIntent(
  client: BaseClient,
  intentId: string,
  options: FollowOptions = {},
): AsyncGenerator<IntentUpdate, void, undefined> {
  const delay = internalsOf(client).sleep;
  const limit = deadline(options.signal, options.timeoutMs);
  const call = { signal: limit.signal };
  const baseInterval = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  let longPoll = true;
  let interval = baseInterval;
  let last: IntentUpdate | undefined;
  try {
    for (;;) {
      let update: IntentUpdate;
      const started = Date.now();
      if (longPoll) {
        const request: WaitIntentReceiptRequest = { intentId };
        if (last) request.lastReceiptStates = last.receiptStates;
        try {
          const r = await waitIntentReceipt(client, request, call);
          update = toUpdate(r.intentReceipt, r.receiptStates, r.done);
        } catch (e) {
          if (!isLongPollUnsupported(e)) throw e;
          longPoll = false;
          continue;
        }
      } else {
        const { intentReceipt } = await getIntentReceipt(client, { intentId }, call);
        update = toUpdate(intentReceipt, statesOf(intentReceipt), false);
      }
      const changed =
        !last ||
        last.status !== update.status ||
        !sameStates(last.receiptStates, update.receiptStates);
      if (changed) yield update;
      last = update;
      if (update.done) return;
      if (longPoll && (changed || Date.now() - started > 1_000)) continue;
      interval = nextPollInterval(interval, changed, baseInterval);
      // Polling waits its interval; a long poll that answered at once without news pauses
      // briefly, so that a server answering too early does not make it spin.
      await delay(longPoll ? 250 : interval, limit.signal);
    }
  } catch (e) {
    if (limit.timedOut()) {
      throw new RequestTimeoutError({
        operation: "WaitIntentReceipt",
        message: `intent ${intentId} reached no final status within ${options.timeoutMs} ms`,
        cause: e,
      });
    }
    if (options.signal?.aborted && !hasServiceErrorShape(e)) {
      throw new WebrpcClientAbortedError({
        status: 0,
        operation: "WaitIntentReceipt",
        message: `following intent ${intentId} aborted by the caller`,
      });
    }
    throw e;
  } finally {
    limit.dispose();
  }
}
