/**
 * The steps of an execution on real chains (see `execution.ts`), each a named function of one
 * `Run`: the deposit (mined, paid in full, deep enough), the origin transaction (the deposit moved
 * from the intent address to the filler), the check before the payout (what the receipt will show
 * is still on chain), and the payout (or the refund when the destination call reverts). Each step
 * answers whether the execution goes on; one that ends it has set the outcome.
 */
import { sleep } from "../../client/wait.js";
import { paidBy, transactionOf } from "./deposit-check.js";
import type { ExecutionJob } from "./execution-job.js";
import { fill, refund } from "./filler.js";
import {
  depositStillThere,
  MAX_ORIGIN_SENDS,
  originDeep,
  originLost,
  sendOrigin,
} from "./origin-transaction.js";
import type { ChainProgress, ChainTxn } from "./progress.js";
import { nonceOf } from "./stranded.js";
import { receiptOf, type TxReceipt } from "./transactions.js";

/** One running execution: its job, its progress, and the updates every step makes. */
export class Run {
  /** `performance.now()` at the start: the origin of the pacing. */
  readonly startedMs = performance.now();

  constructor(
    readonly job: ExecutionJob,
    readonly p: ChainProgress,
  ) {}

  /** Puts `txn` in a new state, since now. */
  set(txn: ChainTxn, patch: Partial<ChainTxn>): void {
    Object.assign(txn, { since: this.job.now() }, patch);
  }

  /** Ends the execution with `status`. */
  end(status: "SUCCEEDED" | "FAILED" | "REFUNDED", reason?: string): false {
    this.p.outcome = { status, at: this.job.now(), ...(reason === undefined ? {} : { reason }) };
    this.job.changed();
    return false;
  }

  /** Aborts the transactions that never started. */
  abortRest(reason: string): void {
    for (const t of [this.p.origin, this.p.destination])
      if (t.status === "ON_HOLD") this.set(t, { status: "ABORTED", reason });
  }

  /** Records `txn` as mined by `r`. */
  mined(txn: ChainTxn, r: TxReceipt): void {
    this.set(txn, {
      status: r.success ? "SUCCEEDED" : "REVERTED",
      hash: r.transactionHash,
      minedAt: this.job.now(),
    });
  }

  /**
   * With pacing (and not resumed), shows `txn` MINING with `hash` until `stages` stages after the
   * start; without, does nothing.
   */
  async showMining(txn: ChainTxn, hash: string, stages: number): Promise<void> {
    if (!this.job.stageMs || this.job.resume) return;
    this.set(txn, { status: "MINING", hash });
    this.job.changed();
    await this.hold(stages);
  }

  /** With pacing, waits until `stages` stages after the start (a server closing stops it). */
  async hold(stages: number): Promise<void> {
    const ms = this.job.stageMs ?? 0;
    if (ms <= 0 || this.job.resume) return;
    await pause(this.startedMs + stages * ms - performance.now(), this.job.closed);
  }
}

/** Waits `ms`, in steps, so that a server that closes meanwhile does not wait for it. */
export async function pause(ms: number, closed: () => boolean): Promise<void> {
  const until = performance.now() + ms;
  while (!closed() && performance.now() < until)
    await sleep(Math.min(50, until - performance.now()));
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
    await sleep(delay);
  }
  return undefined;
}

/**
 * The deposit's receipt once it is `job.confirmations` blocks deep; `undefined` when it left the
 * chain meanwhile (a reorg, `evm_revert`) and is not pending again, or on close.
 */
async function deepEnough(run: Run, first: TxReceipt): Promise<TxReceipt | undefined> {
  const { job, p } = run;
  const n = BigInt(Math.max(1, job.confirmations ?? 1));
  let receipt: TxReceipt | undefined = first;
  for (let delay = 1; !job.closed(); delay = Math.min(delay * 2, 100)) {
    if (receipt === undefined) receipt = await waitForDeposit(job);
    if (receipt === undefined) return undefined;
    const head = BigInt(await job.origin.call<string>("eth_blockNumber", []));
    const depth = head - receipt.blockNumber + 1n;
    if (depth >= n) return receipt;
    if (p.deposit.status !== "MINING" || p.deposit.reason === undefined) {
      run.set(p.deposit, {
        status: "MINING",
        reason: `mined; waiting until it is ${n} blocks deep (confirmations)`,
      });
      job.changed();
    }
    await sleep(delay);
    receipt = await receiptOf(job.origin, job.depositHash);
  }
  return undefined;
}

/** The deposit: mined, paying the intent address in full, deep enough. */
export async function depositStep(run: Run): Promise<boolean> {
  const { job, p } = run;
  const mined = await waitForDeposit(job);
  const receipt = mined === undefined ? undefined : await deepEnough(run, mined);
  if (receipt === undefined) {
    if (job.closed()) return false;
    const reason = job.resume
      ? "the deposit transaction is no longer on the chain (its state was not kept across the restart)"
      : mined === undefined
        ? "the deposit transaction was dropped before it was mined"
        : "the deposit transaction is no longer on the chain (a reorg or evm_revert removed it); nothing was paid out";
    run.set(p.deposit, { status: "FAILED", reason });
    run.abortRest("deposit failed");
    return run.end("FAILED", reason);
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
    run.set(p.deposit, {
      status: receipt.success ? "FAILED" : "REVERTED",
      minedAt: job.now(),
      reason,
    });
    run.abortRest("deposit failed");
    return run.end("FAILED", reason);
  }
  delete p.deposit.reason;
  await run.showMining(p.deposit, receipt.transactionHash, 3);
  if (p.deposit.status !== "SUCCEEDED") run.mined(p.deposit, receipt);
  return true;
}

/**
 * Whether the deposit already left the intent address: an intent address sends nothing before
 * its origin transaction (nobody holds its key; the service impersonates it, and sends refunds
 * of stranded money only after an execution ended), so a nonce above zero says it exactly.
 */
async function sweptBefore(job: ExecutionJob): Promise<boolean> {
  return (await nonceOf(job.origin, job.deposit.to)) > 0;
}

/**
 * The origin transaction: the deposit leaves the intent address for the filler, and is counted
 * done once it is `confirmations` blocks deep. Resumed, it is sent only if it was not sent before
 * the restart. When the chain loses it while it waits (a reorg) and the deposit is still at the
 * address, it is sent again (at most `MAX_ORIGIN_SENDS` times); when the deposit went too, the
 * check before the payout ends the execution FAILED.
 */
export async function originStep(run: Run): Promise<boolean> {
  const { job, p } = run;
  if (p.origin.status === "SUCCEEDED") return true;
  run.set(p.origin, { status: "PENDING" });
  job.changed();
  if (job.resume && (await sweptBefore(job))) {
    // Sent before the restart: still counted only once deep enough, when its hash is known.
    const hash = p.origin.hash;
    const depth = hash === undefined ? "deep" : await originDeep(job, hash, () => undefined);
    if (depth === "closed") return false;
    if (depth === "deep") {
      delete p.origin.reason;
      run.set(p.origin, { status: "SUCCEEDED", minedAt: job.now() });
      return true;
    }
  }
  await run.hold(5);
  for (let sends = 1; ; sends++) {
    const swept = await sendOrigin(job, p);
    if (swept === undefined || !swept.success) {
      if (swept !== undefined) run.mined(p.origin, swept);
      run.abortRest("origin transaction failed");
      return run.end("FAILED", "the origin transaction reverted");
    }
    const hash = swept.transactionHash;
    const depth = await originDeep(job, hash, () => {
      run.set(p.origin, { status: "MINING", hash, reason: confirmationsReason(job) });
      job.changed();
    });
    if (depth === "closed") return false;
    if (depth === "deep") {
      delete p.origin.reason;
      await run.showMining(p.origin, hash, 6);
      run.mined(p.origin, swept);
      return true;
    }
    // Lost: sent again while the deposit is there; otherwise the check before the payout says why.
    originLost(p);
    run.set(p.origin, { status: "FAILED", hash, reason: GONE });
    job.changed();
    if (sends >= MAX_ORIGIN_SENDS || !(await depositStillThere(job, p))) return true;
    run.set(p.origin, { status: "PENDING", reason: `sent again: ${hash} is ${GONE}` });
    delete p.origin.hash;
    job.changed();
  }
}

const GONE = "no longer on the chain (a reorg or evm_revert removed it)";

function confirmationsReason(job: ExecutionJob): string {
  const n = Math.max(1, job.confirmations ?? 1);
  return `mined; waiting until it is ${n} blocks deep (confirmations)`;
}

/**
 * Before the payout: the deposit and the origin transaction are still on the origin chain (a
 * reorg or `evm_revert` may have removed them since). When one is gone, nothing is paid out, the
 * rows that are gone say so, and the intent ends FAILED (money left at the intent address goes
 * back after the unlock time, as any stranded money).
 */
export async function stillOnChain(run: Run): Promise<boolean> {
  const { job, p } = run;
  const gone: ChainTxn[] = [];
  for (const t of [p.deposit, p.origin])
    if (t.hash !== undefined && (await receiptOf(job.origin, t.hash)) === undefined) gone.push(t);
  if (gone.length === 0) return true;
  const reason = GONE;
  for (const t of gone) {
    delete t.minedAt;
    run.set(t, { status: "FAILED", reason });
  }
  run.set(p.destination, { status: "ABORTED", reason: "the deposit is no longer on chain" });
  const which = gone.includes(p.deposit) ? "deposit" : "origin transaction";
  return run.end("FAILED", `the ${which} is ${reason}; nothing was paid out`);
}

/** The payout and the destination call; when it reverts, the deposit goes back to the owner. */
export async function payoutStep(run: Run): Promise<void> {
  const { job, p } = run;
  const d = job.deposit;
  const paced = job.payoutShown === true;
  if (paced) await run.hold(8);
  if (job.closed() || !(await stillOnChain(run))) return;
  const paid = await fill(job.destination, job.payout);
  if (paced && paid.receipt.success)
    await run.showMining(p.destination, paid.receipt.transactionHash, 9);
  run.mined(p.destination, paid.receipt);
  if (paid.receipt.success) {
    run.end("SUCCEEDED");
    return;
  }
  p.destination.reason = paid.reason ?? "the destination call reverted";
  // The refund: the deposit back to the owner, on the origin chain.
  p.refund = { status: "PENDING", since: job.now() };
  job.changed();
  const refunded = await refund(job.origin, job.payout.key, d.token, job.owner, d.amount);
  run.mined(p.refund, refunded);
  if (!refunded.success) run.end("FAILED", "the destination call reverted and the refund reverted");
  else run.end("REFUNDED", `the destination call reverted: ${p.destination.reason}`);
}
