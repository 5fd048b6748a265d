/**
 * An execution on real chains, after ExecuteIntent accepted its deposit: wait for the deposit to
 * be mined (a revert ends it FAILED), move it from the intent address to the filler (the origin
 * transaction), pay the recipient `quote.toAmount` of the destination token from the filler and
 * run the destination call (the destination transaction); when that reverts, send the deposit
 * back to the owner on the origin chain (the refund) and end REFUNDED. Every step updates the
 * progress and calls `changed`; nothing is retried blindly, and a step that cannot reach its chain
 * ends the execution FAILED with the reason.
 *
 * An execution can be resumed (a server restarted on its state file in the middle of one): what
 * the chains already show is found rather than done again. The filler settles each intent once
 * (a fill or a refund, looked up by its event), and the deposit is moved on only when the intent
 * address has not sent it yet (its nonce).
 */
import { type ExpectedDeposit, paidBy, transactionOf } from "./deposit-check.js";
import { FILLER_ADDRESS, fill, type Payout, refund, settlementOf } from "./filler.js";
import type { ChainProgress, ChainTxn } from "./progress.js";
import type { Rpc } from "./rpc.js";
import { sendAs } from "./service-account.js";
import { nativeBalance } from "./stranded.js";
import { receiptOf, type TxReceipt } from "./transactions.js";
import { transferCall } from "./transfer-call.js";

/** What an execution needs to know. */
export interface ExecutionJob {
  origin: Rpc;
  destination: Rpc;
  deposit: ExpectedDeposit;
  depositHash: string;
  owner: string;
  payout: Payout;
  /** The server's clock. */
  now: () => number;
  /** Told after every change of the progress. */
  changed: () => void;
  /** Whether the server has closed (the execution then stops where it is). */
  closed: () => boolean;
  /** Delays the payout by this many ms (a chain fault); 0 by default. */
  payoutDelayMs?: number;
  /** Resumes an execution restored from a state file: steps already on chain are not repeated. */
  resume?: boolean;
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

/**
 * Whether the deposit already left the intent address: the only transaction an intent address
 * ever sends is that one (nobody holds its key; the service impersonates it once), so its nonce
 * says it exactly.
 */
async function sweptBefore(job: ExecutionJob): Promise<boolean> {
  const nonce = await job.origin.call<string>("eth_getTransactionCount", [
    job.deposit.to,
    "latest",
  ]);
  return BigInt(nonce) > 0n;
}

/** Waits `ms`, in steps, so that a server that closes meanwhile does not wait for it. */
async function pause(ms: number, closed: () => boolean): Promise<void> {
  const until = Date.now() + ms;
  while (!closed() && Date.now() < until)
    await new Promise((r) => setTimeout(r, Math.min(50, until - Date.now())));
}

/**
 * For a resumed execution: ends it as the filler already settled it, if it did (a payout on the
 * destination chain, a refund on the origin chain); answers whether it had.
 */
async function settledBefore(
  job: ExecutionJob,
  p: ChainProgress,
  set: (txn: ChainTxn, patch: Partial<ChainTxn>) => void,
  end: (status: "SUCCEEDED" | "REFUNDED", reason?: string) => void,
): Promise<boolean> {
  const key = job.payout.key;
  const [paid, refunded] = await Promise.all([
    settlementOf(job.destination, key),
    settlementOf(job.origin, key),
  ]);
  // A payout is looked for on the destination chain, a refund on the origin chain.
  const settled =
    paid?.kind === "filled" ? paid : refunded?.kind === "refunded" ? refunded : undefined;
  if (settled === undefined) return false;
  const done = (t: ChainTxn) => t.status === "SUCCEEDED" || t.status === "REVERTED";
  // Settled means the deposit was mined and moved on, whatever the journal last said.
  for (const t of [p.deposit, p.origin])
    if (!done(t)) set(t, { status: "SUCCEEDED", minedAt: t.minedAt ?? job.now() });
  if (settled.kind === "filled") {
    set(p.destination, { status: "SUCCEEDED", hash: settled.hash, minedAt: job.now() });
    end("SUCCEEDED");
    return true;
  }
  if (!done(p.destination)) set(p.destination, { status: "REVERTED", minedAt: job.now() });
  p.refund = { status: "SUCCEEDED", hash: settled.hash, since: job.now(), minedAt: job.now() };
  end("REFUNDED", `the destination call reverted: ${p.destination.reason ?? "see the payout"}`);
  return true;
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
    if (job.resume && (await settledBefore(job, p, set, end))) return;
    // The deposit.
    const receipt = await waitForDeposit(job);
    if (receipt === undefined) {
      if (job.closed()) return;
      const reason = job.resume
        ? "the deposit transaction is no longer on the chain (its state was not kept across the restart)"
        : "the deposit transaction was dropped before it was mined";
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
    if (p.deposit.status !== "SUCCEEDED") mined(p.deposit, receipt);
    const d = job.deposit;
    if (p.origin.status !== "SUCCEEDED") {
      // The origin transaction: the deposit leaves the intent address for the filler. Resumed,
      // it is sent only if it was not sent before the restart.
      set(p.origin, { status: "PENDING" });
      job.changed();
      if (!job.resume || !(await sweptBefore(job))) {
        // Topped up above all it holds, so that the owner's money never pays the gas.
        const before = d.native ? await nativeBalance(job.origin, d.to) : 0n;
        const [swept] = await sendAs(
          job.origin,
          d.to,
          [transferCall(d.token, FILLER_ADDRESS, d.amount)],
          before,
        );
        if (d.native && swept?.success === true) {
          const left = (await nativeBalance(job.origin, d.to)) - (before - d.amount);
          p.reserve = (left > 0n ? left : 0n).toString();
        }
        if (swept === undefined || !swept.success) {
          if (swept !== undefined) mined(p.origin, swept);
          abortRest("origin transaction failed");
          return end("FAILED", "the origin transaction reverted");
        }
        mined(p.origin, swept);
      } else set(p.origin, { status: "SUCCEEDED", minedAt: job.now() });
    }
    set(p.destination, { status: "PENDING" });
    job.changed();
    if (job.payoutDelayMs) await pause(job.payoutDelayMs, job.closed);
    if (job.closed()) return;
    // The payout and the destination call.
    const paid = await fill(job.destination, job.payout);
    mined(p.destination, paid.receipt);
    if (paid.receipt.success) return end("SUCCEEDED");
    p.destination.reason = paid.reason ?? "the destination call reverted";
    // The refund: the deposit back to the owner, on the origin chain.
    p.refund = { status: "PENDING", since: job.now() };
    job.changed();
    const refunded = await refund(job.origin, job.payout.key, d.token, job.owner, d.amount);
    mined(p.refund, refunded);
    if (!refunded.success)
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
