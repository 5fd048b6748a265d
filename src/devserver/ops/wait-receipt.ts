/**
 * WaitIntentReceipt: a long poll. Answers at once when the receipt states differ from
 * `lastReceiptStates` (or none were given) or the intent is final; otherwise waits until they
 * change, for at most `longPollMs` of real time. The wait ends early, answering with the current
 * receipt, when the client goes away or the server closes.
 */
import type {
  WaitIntentReceiptRequest,
  WaitIntentReceiptResponse,
} from "../../../generated/types.js";
import { isFinal, receiptOf, receiptStates, stateAt } from "../intents/index.js";
import type { CallContext } from "./context.js";
import { recordOf } from "./get-intent.js";

/** How often a waiting poll re-reads the clock (the status is derived from it, not pushed). */
const RECHECK_MS = 20;

function sameStates(a: readonly string[], b: readonly string[] | undefined): boolean {
  return b !== undefined && a.length === b.length && a.every((s, i) => s === b[i]);
}

/** Waits for the receipt of an intent to change. */
export async function waitIntentReceipt(
  req: WaitIntentReceiptRequest,
  ctx: CallContext,
): Promise<WaitIntentReceiptResponse> {
  const server = ctx.server;
  const rec = recordOf(req.intentId, ctx);
  const clock = server.options.clock;
  const answer = (now: number): WaitIntentReceiptResponse => {
    const state = stateAt(rec, now, server.timing);
    return {
      intentReceipt: receiptOf(rec, state),
      receiptStates: receiptStates(state),
      done: isFinal(state.status),
    };
  };
  const changed = (now: number) => {
    const state = stateAt(rec, now, server.timing);
    return isFinal(state.status) || !sameStates(receiptStates(state), req.lastReceiptStates);
  };
  if (changed(ctx.now) || server.closed || ctx.signal.aborted) return answer(ctx.now);
  await new Promise<void>((resolve) => {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearInterval(ticker);
      clearTimeout(limit);
      server.wake.delete(check);
      ctx.signal.removeEventListener("abort", finish);
      resolve();
    };
    const check = () => {
      if (server.closed || changed(clock())) finish();
    };
    const ticker = setInterval(check, RECHECK_MS);
    const limit = setTimeout(finish, server.options.longPollMs);
    server.wake.add(check);
    ctx.signal.addEventListener("abort", finish);
  });
  return answer(clock());
}
