/**
 * After an execution ended, its receipt still says what the chains say: a reorg can take any of
 * its transactions away later. Each row shown SUCCEEDED with a hash is looked up again; one the
 * chain lost is sent again when the service sends it and the intent still accounts for it (the
 * origin transaction while the deposit is back at the intent address, the payout, the refund of
 * a reverted destination call: the filler settles each intent once, so a settlement still on
 * chain is never repeated), and is FAILED otherwise (the owner's deposit, which only the owner
 * sends; and whatever the filler would pay for a deposit the chain no longer holds). Nothing shown SUCCEEDED names a transaction the chain does not hold.
 */
import type { ExecutionJob } from "./execution-job.js";
import { fill, refund, settlementOf } from "./filler.js";
import { depositStillThere, originLost, sendOrigin } from "./origin-transaction.js";
import type { ChainProgress, ChainTxn } from "./progress.js";
import type { Rpc } from "./rpc.js";
import { receiptOf, type TxReceipt } from "./transactions.js";

const GONE = "no longer on the chain (a reorg removed it after the execution ended)";

/** Whether `t` is shown SUCCEEDED with a hash `rpc` no longer holds. */
async function lost(rpc: Rpc, t: ChainTxn | undefined): Promise<boolean> {
  if (t?.status !== "SUCCEEDED" || t.hash === undefined) return false;
  return (await receiptOf(rpc, t.hash)) === undefined;
}

/** Records `t` as sent again by `r` (or FAILED when that did not go through). */
function resent(job: ExecutionJob, t: ChainTxn, was: string, r: TxReceipt | undefined): void {
  const now = job.now();
  if (r?.success) {
    Object.assign(t, { status: "SUCCEEDED", hash: r.transactionHash, since: now, minedAt: now });
    t.reason = `sent again: ${was} is ${GONE}`;
    return;
  }
  Object.assign(t, { status: "FAILED", since: now, reason: `${GONE}; sending it again failed` });
  if (r !== undefined) t.hash = r.transactionHash;
  delete t.minedAt;
}

function failed(job: ExecutionJob, t: ChainTxn, reason: string): void {
  Object.assign(t, { status: "FAILED", since: job.now(), reason });
  delete t.minedAt;
}

/**
 * Re-checks the rows of an ended execution against the chains and mends what a reorg undid;
 * answers whether any row changed (the caller then records the progress).
 */
export async function recheckRows(job: ExecutionJob, p: ChainProgress): Promise<boolean> {
  if (p.outcome === undefined) return false;
  let changed = false;
  if (await lost(job.origin, p.deposit)) {
    failed(job, p.deposit, `the deposit is ${GONE}`);
    changed = true;
  }
  // The filler paid (a payout, or a refund of a reverted call): the deposit is the filler's.
  const paid = p.outcome.status === "SUCCEEDED" || p.outcome.status === "REFUNDED";
  if (await lost(job.origin, p.origin)) {
    const was = p.origin.hash as string;
    originLost(p);
    if (paid && (await depositStillThere(job, p)))
      resent(job, p.origin, was, await sendOrigin(job, p));
    else failed(job, p.origin, `${GONE}; the deposit is not at the intent address to send again`);
    changed = true;
  }
  // The filler pays again only for a deposit the chain still holds: never for money not received.
  const received = p.deposit.status === "SUCCEEDED";
  if (p.outcome.status === "SUCCEEDED" && (await lost(job.destination, p.destination))) {
    const was = p.destination.hash as string;
    if (!received) {
      failed(job, p.destination, `${GONE}; not paid again, the deposit is not on chain`);
      return true;
    }
    const again = await settlementOf(job.destination, job.payout.key);
    const r = again === undefined ? (await fill(job.destination, job.payout)).receipt : undefined;
    if (again !== undefined) Object.assign(p.destination, { hash: again.hash, since: job.now() });
    else resent(job, p.destination, was, r);
    changed = true;
  }
  if (p.refund !== undefined && (await lost(job.origin, p.refund))) {
    const was = p.refund.hash as string;
    if (!received) {
      failed(job, p.refund, `${GONE}; not sent again, the deposit is not on chain`);
      return true;
    }
    const d = job.deposit;
    const again = await settlementOf(job.origin, job.payout.key);
    if (again?.kind === "refunded") Object.assign(p.refund, { hash: again.hash, since: job.now() });
    else
      resent(
        job,
        p.refund,
        was,
        await refund(job.origin, job.payout.key, d.token, job.owner, d.amount),
      );
    changed = true;
  }
  return changed;
}
