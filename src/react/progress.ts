/**
 * One ordered model of an intent's progress, from the wallet's first step to the receipt, fit to
 * render as a stepper: the wallet step's `onProgress` reports and the follower's updates merged,
 * each receipt transaction named, the final status, and where an error stopped it. Pure: it works
 * on a server, in a test, or outside React.
 */
import type { IntentStatus, IntentTransaction, TransactionStatus } from "../../generated/types.js";
import type { IntentUpdate } from "../lifecycle/intent-update.js";
import type { DepositProgress } from "../wallet/progress.js";

/** A step of the model: the wallet's, then each receipt transaction, then the final status. */
export type ProgressStepId =
  | "check"
  | "pending"
  | "switch-chain"
  | "sign"
  | "sent"
  | "confirmed"
  | "execute"
  | "deposit"
  | "origin"
  | "destination"
  | "refund"
  | "final";

/**
 * `waiting`: not reached; `active`: under way; `done`; `skipped`: passed without being needed
 * (the wallet was on the right chain, the deposit was found already made); `failed`.
 */
export type ProgressState = "waiting" | "active" | "done" | "skipped" | "failed";

/** One step, as a stepper shows it. */
export interface ProgressStep {
  /** Which step. */
  id: ProgressStepId;
  /** Where it is. */
  state: ProgressState;
  /** The transaction's hash, once known (the deposit's from `sent` on, or the receipt's). */
  hash?: string | undefined;
  /** The chain it happens on. */
  chainId?: number | undefined;
  /** A receipt transaction's own state as the service reports it (`MINING`, `ON_HOLD`, …). */
  transactionStatus?: TransactionStatus | undefined;
  /** The intent's status (the `final` step). */
  intentStatus?: IntentStatus | undefined;
}

/** The whole progress of one intent. */
export interface IntentProgress {
  /** Every step, in order (a refund step only when the receipt has a refund). */
  steps: ProgressStep[];
  /** The step under way or stopped by an error; `undefined` before the first and after the last. */
  current: ProgressStep | undefined;
  /** Whether the intent reached a final status. */
  done: boolean;
  /** The error that stopped it (wallet step or follower), as raised. */
  error: unknown;
}

/** What the model is made from; any part may be missing. */
export interface ProgressInput {
  /** The wallet step's reports so far, in order (`useExecuteWithWallet` keeps them). */
  wallet?: readonly DepositProgress[] | undefined;
  /** The follower's last update (`useIntent`). */
  update?: IntentUpdate | undefined;
  /** An error of either. */
  error?: unknown;
}

const WALLET: readonly ProgressStepId[] = [
  "check",
  "pending",
  "switch-chain",
  "sign",
  "sent",
  "confirmed",
  "execute",
];

/** Transaction states that end a transaction without success. */
const FAILED = new Set(["FAILED", "REVERTED", "ABORTED", "ERRORED"]);
/** Transaction states of a transaction not started yet. */
const WAITING = new Set(["UNKNOWN", "ON_HOLD"]);

function receiptStep(id: ProgressStepId, tx: IntentTransaction | undefined): ProgressStep {
  if (tx === undefined) return { id, state: "waiting" };
  const s = tx.status;
  return {
    id,
    state:
      s === "SUCCEEDED" ? "done" : FAILED.has(s) ? "failed" : WAITING.has(s) ? "waiting" : "active",
    hash: tx.txnHash,
    chainId: tx.chainId,
    transactionStatus: s,
  };
}

function walletSteps(reports: readonly DepositProgress[], after: boolean): ProgressStep[] {
  const seen = new Map<string, DepositProgress>();
  for (const r of reports) seen.set(r.step, r);
  const finished = after || seen.has("done");
  const reached = finished
    ? WALLET.length
    : Math.max(...reports.map((r) => (WALLET as readonly string[]).indexOf(r.step)));
  return WALLET.map((id, i) => {
    const r = seen.get(id);
    const state: ProgressState =
      i < reached
        ? r || reports.length === 0
          ? "done"
          : "skipped"
        : i === reached
          ? "active"
          : "waiting";
    return { id, state, hash: r?.hash, chainId: r?.chainId };
  });
}

/**
 * The progress of one intent from what is known of it.
 *
 * @example
 * const progress = intentProgress({ wallet: execution.progress, update: intent.update });
 * progress.steps.map((s) => <li data-state={s.state}>{s.id}</li>);
 */
export function intentProgress(input: ProgressInput): IntentProgress {
  const { update, error } = input;
  // A receipt past the deposit means the wallet's part is over, even in another tab.
  const walletOver = update !== undefined && update.status !== "COMMITTED";
  const steps = walletSteps(input.wallet ?? [], walletOver);
  const r = update?.receipt;
  steps.push(
    receiptStep("deposit", r?.depositTransaction),
    receiptStep("origin", r?.originTransaction),
    receiptStep("destination", r?.destinationTransaction),
  );
  if (r?.refundTransaction) steps.push(receiptStep("refund", r.refundTransaction));
  const done = update?.done === true;
  steps.push({
    id: "final",
    state: done ? (update.status === "SUCCEEDED" ? "done" : "failed") : "waiting",
    intentStatus: update?.status,
  });
  let current = steps.find((s) => s.state === "active" || s.state === "failed");
  if (error !== undefined && error !== null) {
    current ??= steps.find((s) => s.state === "waiting");
    if (current) current.state = "failed";
  }
  return { steps, current, done, error };
}
