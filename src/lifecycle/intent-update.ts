/** What one read of an intent's receipt tells a follower, and how reads are compared. */
import type { IntentReceipt, IntentStatus, TransactionStatus } from "../../generated/types.js";
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

/** The update a read of the receipt amounts to. */
export function toUpdate(
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

/** The status of each transaction the receipt holds, in a fixed order. */
export function statesOf(r: IntentReceipt): TransactionStatus[] {
  const txs = [
    r.depositTransaction,
    r.originTransaction,
    r.destinationTransaction,
    r.refundTransaction,
  ];
  return txs.flatMap((t) => (t ? [t.status] : []));
}

/** Whether two lists of transaction states are equal. */
export function sameStates(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
