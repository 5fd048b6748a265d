/**
 * The status of an intent and of each of its transactions, derived at read time from the record's
 * timestamps and the clock (no timers): after ExecuteIntent each transaction (deposit, origin, and
 * destination for cross-chain intents) goes PENDING → SENT → MINING → SUCCEEDED, one stage every
 * `stageMs`, one transaction after the other, all done by `executingMs`. A failing execution
 * fails its deposit at the third stage and aborts the rest.
 *
 * On real chains, the state is what the chains said (`ChainProgress`), and money refunded from the
 * intent address after it could no longer execute (`rec.recovery`) shows as the receipt's refund:
 * a COMMITTED (window passed) or FAILED intent then turns REFUNDED; a SUCCEEDED one stays
 * SUCCEEDED, its refund row saying what excess was sent back.
 */
import type { IntentStatus, TransactionStatus } from "../../../generated/types.js";
import type { ChainProgress, ChainTxn, Recovery } from "../chains/index.js";
import { EXECUTE_WINDOW_MS, QUOTE_TTL_MS } from "../core/index.js";
import type { IntentRecord } from "./store.js";

/** Execution timing. */
export interface Timing {
  stageMs: number;
  /** Total time to the final status; default: every stage of every transaction. */
  executingMs: number | undefined;
}

/** The state of one transaction at some time. */
export interface TxnState {
  status: TransactionStatus;
  /** When it entered this status (undefined before execution). */
  since: number | undefined;
  /** When it was mined, once it was. */
  minedAt: number | undefined;
  statusReason: string | undefined;
  /** Its hash as the chain knows it (real chains only; shown whatever the status). */
  hash?: string;
  /** What it moved, when that is not the receipt row's usual amount (a refund of stranded money). */
  amount?: bigint;
  /** The token it moved, when that is not the intent's (a refund of another asset). */
  token?: string;
}

/** The state of an intent at some time. */
export interface IntentState {
  status: IntentStatus;
  /** When it entered this status. */
  since: number;
  /** Deposit, origin and (cross-chain) destination transactions. */
  txns: TxnState[];
  /** The refund, when the deposit was sent back (real chains only). */
  refund?: TxnState;
  startedAt: number | undefined;
  finishedAt: number | undefined;
}

const STAGES: TransactionStatus[] = ["SENT", "MINING", "SUCCEEDED"];

/** Whether a status is final (nothing more will change). */
export function isFinal(status: IntentStatus): boolean {
  return ["SUCCEEDED", "FAILED", "ABORTED", "REFUNDED", "INVALID"].includes(status);
}

/** Time from ExecuteIntent to the final status of an intent with `txns` transactions. */
export function totalExecutionMs(txns: number, timing: Timing): number {
  return timing.executingMs ?? txns * STAGES.length * timing.stageMs;
}

/** How many transactions the receipt of `rec` has. */
export function txnCount(rec: IntentRecord): number {
  return rec.issued.originChainId === rec.issued.destinationChainId ? 2 : 3;
}

function waiting(rec: IntentRecord, status: IntentStatus, since: number): IntentState {
  const txns = Array.from(
    { length: txnCount(rec) },
    (): TxnState => ({
      status: "ON_HOLD",
      since: undefined,
      minedAt: undefined,
      statusReason: undefined,
    }),
  );
  return { status, since, txns, startedAt: undefined, finishedAt: undefined };
}

function chainTxn(t: ChainTxn): TxnState {
  return {
    status: t.status,
    since: t.since,
    minedAt: t.minedAt,
    statusReason: t.reason,
    ...(t.hash === undefined ? {} : { hash: t.hash }),
  };
}

/** The state of an execution on real chains: what the chains said, no clock involved. */
function chainState(rec: IntentRecord, at: number, p: ChainProgress): IntentState {
  const txns = [chainTxn(p.deposit), chainTxn(p.origin)];
  if (txnCount(rec) === 3) txns.push(chainTxn(p.destination));
  const o = p.outcome;
  return {
    status: o?.status ?? "EXECUTING",
    since: o?.at ?? at,
    txns,
    ...(p.refund === undefined ? {} : { refund: chainTxn(p.refund) }),
    startedAt: at,
    finishedAt: o?.at,
  };
}

const REFUND_REASONS: Partial<Record<string, string>> = {
  REVERTED: "the refund reverted",
  FAILED: "no longer on the chain (a reorg removed it); its money goes back in a new refund",
};

/**
 * `state` with the refunds of stranded money (the last one is the receipt's refund row): an intent
 * that neither succeeded nor was refunded before turns REFUNDED once one of them is mined.
 */
function recovered(state: IntentState, r: Recovery): IntentState {
  const last = r.refunds[r.refunds.length - 1];
  if (last === undefined) return state;
  const refund: TxnState = {
    status: last.status,
    since: last.since,
    minedAt: last.minedAt,
    statusReason: REFUND_REASONS[last.status],
    amount: BigInt(last.amount),
    ...(last.token === undefined ? {} : { token: last.token }),
    ...(last.hash === undefined ? {} : { hash: last.hash }),
  };
  const done = r.refunds.find((x) => x.status === "SUCCEEDED");
  if (done === undefined || state.status === "SUCCEEDED" || state.status === "REFUNDED")
    return { ...state, refund };
  const at = done.minedAt ?? done.since;
  return { ...state, status: "REFUNDED", since: at, refund, finishedAt: state.finishedAt ?? at };
}

/** The state of `rec` at `now`. */
export function stateAt(rec: IntentRecord, now: number, timing: Timing): IntentState {
  const state = baseStateAt(rec, now, timing);
  return rec.recovery === undefined ? state : recovered(state, rec.recovery);
}

function baseStateAt(rec: IntentRecord, now: number, timing: Timing): IntentState {
  const e = rec.execution;
  if (e === undefined) {
    return rec.committedAt === undefined
      ? waiting(rec, "QUOTED", rec.issuedAt)
      : waiting(rec, "COMMITTED", rec.committedAt);
  }
  if (e.chain !== undefined) return chainState(rec, e.at, e.chain);
  const n = txnCount(rec);
  const total = totalExecutionMs(n, timing);
  const at = (k: number) => e.at + Math.min(k * timing.stageMs, total);
  const txns: TxnState[] = [];
  for (let i = 0; i < n; i++) {
    let state: TxnState = {
      status: "PENDING",
      since: e.at,
      minedAt: undefined,
      statusReason: undefined,
    };
    for (let s = 0; s < STAGES.length; s++) {
      const k = i * STAGES.length + s + 1;
      if (e.failure !== undefined && k > STAGES.length) {
        // Transactions after a failed deposit never start.
        if (now >= at(STAGES.length))
          state = {
            status: "ABORTED",
            since: at(STAGES.length),
            minedAt: undefined,
            statusReason: "deposit failed",
          };
        break;
      }
      if (now < at(k)) break;
      const failed = e.failure !== undefined && s === STAGES.length - 1;
      const status = failed ? "FAILED" : (STAGES[s] as TransactionStatus);
      const mined = status === "SUCCEEDED" || status === "FAILED" ? at(k) : undefined;
      state = {
        status,
        since: at(k),
        minedAt: mined,
        statusReason: failed ? e.failure : undefined,
      };
    }
    txns.push(state);
  }
  const failAt = at(STAGES.length);
  if (e.failure !== undefined && now >= failAt) {
    return { status: "FAILED", since: failAt, txns, startedAt: e.at, finishedAt: failAt };
  }
  const doneAt = e.at + total;
  if (e.failure === undefined && now >= doneAt) {
    return { status: "SUCCEEDED", since: doneAt, txns, startedAt: e.at, finishedAt: doneAt };
  }
  return { status: "EXECUTING", since: e.at, txns, startedAt: e.at, finishedAt: undefined };
}

/**
 * The first time after `now` at which the state of `rec` changes by the clock alone (a stage
 * passes), or `Infinity` when only an operation can change it (not executed yet) or it is final.
 * A long poll re-reads the state only then, instead of on every tick.
 */
export function nextChangeAt(rec: IntentRecord, now: number, timing: Timing): number {
  const e = rec.execution;
  // On real chains only the chains change it, and each change is told (notifyChange).
  if (e === undefined || e.chain !== undefined) return Number.POSITIVE_INFINITY;
  const elapsed = now - e.at;
  if (elapsed < 0) return e.at;
  const n = txnCount(rec);
  const total = totalExecutionMs(n, timing);
  // A failed execution stops changing once its deposit failed, at the last stage of the deposit.
  const end = e.failure === undefined ? total : Math.min(STAGES.length * timing.stageMs, total);
  if (elapsed >= end) return Number.POSITIVE_INFINITY;
  if (timing.stageMs <= 0) return e.at + end;
  const k = Math.floor(elapsed / timing.stageMs) + 1;
  const stage = k <= n * STAGES.length ? Math.min(k * timing.stageMs, total) : end;
  return e.at + Math.min(stage, end);
}

/** The receipt states (one per transaction) of a state, as WaitIntentReceipt compares them. */
export function receiptStates(state: IntentState): TransactionStatus[] {
  const states = state.txns.map((t) => t.status);
  return state.refund === undefined ? states : [...states, state.refund.status];
}

/**
 * Whether nothing can happen to `rec` any more: its execution reached a final status, or its
 * window closed unused (a quote past 5 minutes, a commit past 10). Such records are the first the
 * store drops, after quotes never committed.
 */
export function isSettled(rec: IntentRecord, now: number, timing: Timing): boolean {
  if (rec.execution !== undefined) return isFinal(stateAt(rec, now, timing).status);
  if (rec.committedAt !== undefined) return now - rec.committedAt > EXECUTE_WINDOW_MS;
  return now - rec.issuedAt > QUOTE_TTL_MS;
}
