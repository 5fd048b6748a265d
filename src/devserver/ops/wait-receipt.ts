/**
 * WaitIntentReceipt: a long poll. Answers at once when the receipt states differ from
 * `lastReceiptStates` (or none were given) or the intent is final; otherwise waits until they
 * change, for at most `longPollMs` of real time (see `heldMs`). The wait ends early, answering
 * with the current receipt, when the client goes away or the server closes. Held polls are
 * re-checked together (see `long-polls.ts`), so that thousands of them leave the loop free, and
 * answered in turns of the loop (see `LoopSlices`), so that thousands ending together do too.
 */
import type {
  WaitIntentReceiptRequest,
  WaitIntentReceiptResponse,
} from "../../../generated/types.js";
import type { CallContext, HeldPoll } from "../context/index.js";
import { isFinal, nextChangeAt, receiptOf, receiptStates, stateAt } from "../intents/index.js";
import { recordOf } from "./get-intent.js";

/**
 * How long a poll is held: `longPollMs`, less a little time (5%, at most 250 ms) to write the
 * answer, so that it reaches the client within `longPollMs` even when thousands end together.
 */
export function heldMs(longPollMs: number): number {
  return longPollMs - Math.min(250, longPollMs / 20);
}

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
    const finish = () => {
      server.polls.release(poll);
      clearTimeout(limit);
      ctx.signal.removeEventListener("abort", finish);
      resolve();
    };
    const poll: HeldPoll = {
      rec,
      nextCheckAt: nextChangeAt(rec, ctx.now, server.timing),
      check(now) {
        if (server.closed || changed(now)) return finish();
        poll.nextCheckAt = nextChangeAt(rec, now, server.timing);
      },
    };
    // Counted from arrival: time spent reading and checking the request is part of the wait.
    const left = heldMs(server.options.longPollMs) - (performance.now() - ctx.arrivedMs);
    const limit = setTimeout(finish, Math.max(0, left));
    server.polls.hold(poll);
    ctx.signal.addEventListener("abort", finish);
  });
  // Polls often end together (a change of state, the same bound): each answers in its turn.
  await server.slices.turn();
  return answer(clock());
}
