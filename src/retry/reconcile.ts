/**
 * After `CommitIntent` or `ExecuteIntent` failed ambiguously (the request may have reached the
 * server), the intent's status as read back says what happened. Pure: the client does the read.
 */

/** What to do once the intent's status is known. */
export type Reconciliation =
  /** The server did act: report success. */
  | "done"
  /** The server provably did not act: sending once more is safe. */
  | "resend"
  /** The status does not tell: report the original error. */
  | "unknown";

const AFTER_COMMIT = new Set([
  "COMMITTED",
  "EXECUTING",
  "SUCCEEDED",
  "FAILED",
  "ABORTED",
  "REFUNDED",
]);
const AFTER_EXECUTE = new Set(["EXECUTING", "SUCCEEDED", "FAILED", "ABORTED", "REFUNDED"]);

/** A commit is done once the intent is COMMITTED or later; still QUOTED means it never landed. */
export function reconcileCommit(status: string): Reconciliation {
  if (AFTER_COMMIT.has(status)) return "done";
  return status === "QUOTED" ? "resend" : "unknown";
}

/** An execution is done once the intent is EXECUTING or later; still COMMITTED means not started. */
export function reconcileExecute(status: string): Reconciliation {
  if (AFTER_EXECUTE.has(status)) return "done";
  return status === "COMMITTED" ? "resend" : "unknown";
}
