/**
 * An execution on real chains, after ExecuteIntent accepted its deposit: wait for the deposit to
 * be mined (a revert ends it FAILED) and, with `confirmations`, to be that many blocks deep; move
 * it from the intent address to the filler (the origin transaction, also that many blocks deep,
 * sent again if a reorg drops it while the deposit is still there); check that both are still on
 * chain (a reorg or `evm_revert` ends it FAILED, nothing paid); pay the recipient `quote.toAmount`
 * of the destination token from the filler and run the destination call (the destination
 * transaction); when that reverts, send the deposit back to the owner on the origin chain (the
 * refund) and end REFUNDED. Every step updates the progress and calls `changed`; nothing is
 * retried blindly, and a step that cannot reach its chain ends the execution FAILED with the
 * reason. With `stageMs`, each transaction is shown SUCCEEDED one stage group (3 stages) after
 * the one before (see `Run.hold`). The steps are in `execution-steps.ts`.
 *
 * An execution can be resumed (a server restarted on its state file in the middle of one): what
 * the chains already show is found rather than done again. The filler settles each intent once
 * (a fill or a refund, looked up by its event), and the deposit is moved on only when the intent
 * address has not sent it yet (its nonce).
 */
import type { ExecutionJob } from "./execution-job.js";
import { depositStep, originStep, pause, payoutStep, Run } from "./execution-steps.js";
import { settlementOf } from "./filler.js";
import type { ChainProgress, ChainTxn } from "./progress.js";

export type { ExecutionJob } from "./execution-job.js";

/**
 * For a resumed execution: ends it as the filler already settled it, if it did (a payout on the
 * destination chain, a refund on the origin chain); answers whether it had.
 */
async function settledBefore(run: Run): Promise<boolean> {
  const { job, p } = run;
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
    if (!done(t)) run.set(t, { status: "SUCCEEDED", minedAt: t.minedAt ?? job.now() });
  if (settled.kind === "filled") {
    run.set(p.destination, { status: "SUCCEEDED", hash: settled.hash, minedAt: job.now() });
    run.end("SUCCEEDED");
    return true;
  }
  if (!done(p.destination)) run.set(p.destination, { status: "REVERTED", minedAt: job.now() });
  p.refund = { status: "SUCCEEDED", hash: settled.hash, since: job.now(), minedAt: job.now() };
  run.end("REFUNDED", `the destination call reverted: ${p.destination.reason ?? "see the payout"}`);
  return true;
}

/** Ends `run` FAILED because a chain did not answer (`e`), unless the server closed. */
function chainDown(run: Run, e: unknown): void {
  if (run.job.closed()) return;
  const reason = `a chain did not answer: ${(e as Error).message}`;
  const p = run.p;
  for (const t of [p.deposit, p.origin, p.destination, p.refund])
    if (t !== undefined && (t.status === "PENDING" || t.status === "MINING"))
      run.set(t, { status: "FAILED", reason });
  run.abortRest(reason);
  run.end("FAILED", reason);
}

/** Runs the execution; never rejects (a failure becomes the outcome). */
export async function runExecution(job: ExecutionJob, p: ChainProgress): Promise<void> {
  const run = new Run(job, p);
  try {
    if (job.resume && (await settledBefore(run))) return;
    if (!(await depositStep(run)) || !(await originStep(run))) return;
    run.set(p.destination, { status: "PENDING" });
    job.changed();
    if (job.payoutDelayMs) await pause(job.payoutDelayMs, job.closed);
    if (job.closed()) return;
    await payoutStep(run);
  } catch (e) {
    chainDown(run, e);
  }
}
