/**
 * Following an intent to a final status. Uses `WaitIntentReceipt` long polls; when the server
 * does not offer them, falls back to polling `GetIntentReceipt` with a growing interval.
 */

import { WebrpcClientAbortedError } from "../../generated/errors.js";
import type {
  IntentReceipt,
  IntentStatus,
  TransactionStatus,
  WaitIntentReceiptRequest,
} from "../../generated/types.js";
import type { BaseClient } from "../client/base-client.js";
import { getIntentReceipt, waitIntentReceipt } from "../client/operations.js";
import { RequestTimeoutError } from "../errors/client-errors.js";
import { isServiceError } from "../errors/service-error.js";
import { sleep } from "../retry/sleep.js";
import { isFinalStatus } from "./final-status.js";

/** One observed change of an intent. */
export interface IntentUpdate {
  /** The intent's status. */
  status: IntentStatus;
  /** The receipt as last read. */
  receipt: IntentReceipt;
  /** Status of each of the receipt's transactions. */
  receiptStates: TransactionStatus[];
  /** Whether the status is final. */
  done: boolean;
}

/** Options of `waitForIntent` and `watchIntent`. */
export interface FollowOptions {
  /** Stops following (the call rejects with `WebrpcClientAbortedError`). */
  signal?: AbortSignal;
  /** Overall limit, ms; past it the call rejects with `RequestTimeoutError`. Default: none. */
  timeoutMs?: number;
  /** First interval of the `GetIntentReceipt` fallback, ms (default 500; grows to 5 s). */
  pollIntervalMs?: number;
}

/** Codes meaning "this server has no WaitIntentReceipt". */
const UNSUPPORTED = new Set([-2, -3, 1003]);

/** Yields an update on each change of status or receipt states, ending at a final status. */
export async function* followIntent(
  client: BaseClient,
  intentId: string,
  options: FollowOptions = {},
): AsyncGenerator<IntentUpdate, void, undefined> {
  const controller = new AbortController();
  const stop = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", stop, { once: true });
  if (options.signal?.aborted) stop();
  let timedOut = false;
  const timer = options.timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        controller.abort(new Error("timeout"));
      }, options.timeoutMs)
    : undefined;
  const call = { signal: controller.signal };
  const baseInterval = options.pollIntervalMs ?? 500;
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
          if (!isServiceError(e) || !UNSUPPORTED.has(e.code)) throw e;
          longPoll = false;
          continue;
        }
      } else {
        const { intentReceipt } = await getIntentReceipt(client, { intentId }, call);
        update = toUpdate(intentReceipt, statesOf(intentReceipt), false);
      }
      const changed =
        !last || last.status !== update.status || !same(last.receiptStates, update.receiptStates);
      if (changed) yield update;
      last = update;
      if (update.done) return;
      if (longPoll && (changed || Date.now() - started > 1_000)) continue;
      interval = changed ? baseInterval : Math.min(interval * 1.5, 5_000);
      await sleep(longPoll ? 250 : interval, controller.signal);
    }
  } catch (e) {
    if (timedOut) {
      throw new RequestTimeoutError({
        operation: "WaitIntentReceipt",
        message: `intent ${intentId} reached no final status within ${options.timeoutMs} ms`,
        cause: e,
      });
    }
    if (options.signal?.aborted && !isServiceError(e)) {
      throw new WebrpcClientAbortedError({
        status: 0,
        operation: "WaitIntentReceipt",
        message: `following intent ${intentId} aborted by the caller`,
      });
    }
    throw e;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    options.signal?.removeEventListener("abort", stop);
  }
}

function toUpdate(
  receipt: IntentReceipt,
  states: TransactionStatus[],
  done: boolean,
): IntentUpdate {
  return {
    status: receipt.status,
    receipt,
    receiptStates: states,
    done: done || isFinalStatus(receipt.status),
  };
}

function statesOf(r: IntentReceipt): TransactionStatus[] {
  const txs = [
    r.depositTransaction,
    r.originTransaction,
    r.destinationTransaction,
    r.refundTransaction,
  ];
  return txs.flatMap((t) => (t ? [t.status] : []));
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
