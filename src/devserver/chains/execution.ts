/**
 * An execution on real chains, after ExecuteIntent accepted its deposit: wait for the deposit to
 * be mined (a revert ends it FAILED), move it from the intent address to the service (the origin
 * transaction), pay the recipient `quote.toAmount` of the destination token from the filler and
 * run the destination call (the destination transaction); when that reverts, send the deposit
 * back to the owner on the origin chain (the refund) and end REFUNDED. Every step updates the
 * progress and calls `changed`; nothing is retried blindly, and a step that cannot reach its chain
 * ends the execution FAILED with the reason.
 */
import { callData } from "./abi.js";
import { type ExpectedDeposit, paidBy, transactionOf } from "./deposit-check.js";
import { fill, type Payout } from "./filler.js";
import type { ChainProgress, ChainTxn } from "./progress.js";
import type { Rpc } from "./rpc.js";
import { sendAs, sendAsService } from "./service-account.js";
import { receiptOf, type TxReceipt } from "./transactions.js";

/** What an execution needs to know. */
export interface ExecutionJob {
  origin: Rpc;
  destination: Rpc;
  deposit: ExpectedDeposit;
  depositHash: string;
  owner: string;
  payout: Payout;
  /** Where the origin transaction moves the deposit. */
  service: string;
  /** The server's clock. */
  now: () => number;
  /** Told after every change of the progress. */
  changed: () => void;
  /** Whether the server has closed (the execution then stops where it is). */
  closed: () => boolean;
  /** Delays the payout by this many ms (a chain fault); 0 by default. */
  payoutDelayMs?: number;
}

const NATIVE = "0x0000000000000000000000000000000000000000";

function transferCall(token: string, to: string, amount: bigint) {
  return token === NATIVE
    ? { to, value: amount }
    : {
        to: token,
        data: callData("transfer(address,uint256)", [
          { type: "address", value: to },
          { type: "uint", value: amount },
        ]),
        gas: 200_000n,
      };
}

/** The deposit's receipt once mined; `undefined` when it left the pool unmined, or on close. */
async function waitForDeposit(job: ExecutionJob): Promise<TxReceipt | undefined> {
  for (let delay = 1; !job.closed(); delay = Math.min(delay * 2, 100)) {
    const receipt = await receiptOf(job.origin, job.depositHash);
    if (receipt !== undefined) return receipt;
    if ((await transactionOf(job.origin, job.depositHash)) === undefined) {
      // Mined between the two reads, or gone from the pool.
      return receiptOf(job.origin, job.depositHash);
    }
    await new Promise((r) => setTimeout(r, delay));
  }
  return undefined;
}

/** Runs the execution; never rejects (a failure becomes the outcome). */
export async function runExecution(job: ExecutionJob, p: ChainProgress): Promise<void> {
  const set = (txn: ChainTxn, patch: Partial<ChainTxn>) => {
    Object.assign(txn, { since: job.now() }, patch);
  };
  const end = (status: "SUCCEEDED" | "FAILED" | "REFUNDED", reason?: string) => {
    p.outcome = { status, at: job.now(), ...(reason === undefined ? {} : { reason }) };
    job.changed();
  };
  const abortRest = (reason: string) => {
    for (const t of [p.origin, p.destination])
      if (t.status === "ON_HOLD") set(t, { status: "ABORTED", reason });
  };
  const mined = (txn: ChainTxn, r: TxReceipt) =>
    set(txn, {
      status: r.success ? "SUCCEEDED" : "REVERTED",
      hash: r.transactionHash,
      minedAt: job.now(),
    });
  try {
    // The deposit.
    const receipt = await waitForDeposit(job);
    if (receipt === undefined) {
      if (job.closed()) return;
      const reason = "the deposit transaction was dropped before it was mined";
      set(p.deposit, { status: "FAILED", reason });
      abortRest("deposit failed");
      return end("FAILED", reason);
    }
    const tx = await transactionOf(job.origin, job.depositHash);
    if (
      !receipt.success ||
      tx === undefined ||
      paidBy(receipt, tx, job.deposit) < job.deposit.amount
    ) {
      const reason = receipt.success
        ? "the deposit, once mined, did not pay the intent address in full"
        : "the deposit transaction reverted";
      set(p.deposit, {
        status: receipt.success ? "FAILED" : "REVERTED",
        minedAt: job.now(),
        reason,
      });
      abortRest("deposit failed");
      return end("FAILED", reason);
    }
    mined(p.deposit, receipt);
    // The origin transaction: the deposit leaves the intent address for the service.
    set(p.origin, { status: "PENDING" });
    job.changed();
    const d = job.deposit;
    const [swept] = await sendAs(
      job.origin,
      d.to,
      [transferCall(d.token, job.service, d.amount)],
      d.native ? d.amount : 0n,
    );
    if (swept === undefined || !swept.success) {
      if (swept !== undefined) mined(p.origin, swept);
      abortRest("origin transaction failed");
      return end("FAILED", "the origin transaction reverted");
    }
    mined(p.origin, swept);
    set(p.destination, { status: "PENDING" });
    job.changed();
    if (job.payoutDelayMs) await new Promise((r) => setTimeout(r, job.payoutDelayMs));
    if (job.closed()) return;
    // The payout and the destination call.
    const paid = await fill(job.destination, job.payout);
    mined(p.destination, paid.receipt);
    if (paid.receipt.success) return end("SUCCEEDED");
    p.destination.reason = paid.reason ?? "the destination call reverted";
    // The refund: the deposit back to the owner, on the origin chain.
    p.refund = { status: "PENDING", since: job.now() };
    job.changed();
    const refund = await sendAsService(job.origin, transferCall(d.token, job.owner, d.amount));
    mined(p.refund, refund);
    if (!refund.success)
      return end("FAILED", "the destination call reverted and the refund reverted");
    return end("REFUNDED", `the destination call reverted: ${p.destination.reason}`);
  } catch (e) {
    if (job.closed()) return;
    const reason = `a chain did not answer: ${(e as Error).message}`;
    for (const t of [p.deposit, p.origin, p.destination, p.refund])
      if (t !== undefined && (t.status === "PENDING" || t.status === "MINING"))
        set(t, { status: "FAILED", reason });
    abortRest(reason);
    end("FAILED", reason);
  }
}
