/**
 * The origin transaction of an execution on real chains: the deposit leaves the intent address
 * for the filler, sent as the service acts for the address. It is the service's own transaction,
 * so when the chain loses it (a reorg) while the deposit is still there, the service sends it
 * again; it is counted paid only once it is `confirmations` blocks deep, as the deposit is.
 */
import { sleep } from "../../client/wait.js";
import { depthOf } from "./depth.js";
import type { ExecutionJob } from "./execution-job.js";
import { FILLER_ADDRESS } from "./filler.js";
import type { ChainProgress } from "./progress.js";
import { nativeBalance, sendAs } from "./service-account.js";
import { strandedAmount } from "./stranded.js";
import { receiptOf, type TxReceipt } from "./transactions.js";
import { transferCall } from "./transfer-call.js";

/** Times a lost origin transaction is sent again in one execution before it ends FAILED. */
export const MAX_ORIGIN_SENDS = 4;

/**
 * Moves the deposit from the intent address to the filler; resolves with the mined receipt
 * (reverted or not). The address is topped up with gas money above all it holds, so that the
 * owner's money never pays the gas; what of the address's native balance is the service's
 * afterwards is kept in `p.reserve` (see `stranded.ts`).
 */
export async function sendOrigin(
  job: ExecutionJob,
  p: ChainProgress,
): Promise<TxReceipt | undefined> {
  const d = job.deposit;
  const before = await nativeBalance(job.origin, d.to);
  const call = transferCall(d.token, FILLER_ADDRESS, d.amount);
  const [swept] = await sendAs(job.origin, d.to, [call], d.native ? before : 0n);
  if (swept?.success) {
    // The owner's native money at the address is what it was (less the deposit, when native);
    // the rest is the service's gas money.
    const ownerBefore = before - BigInt(p.reserve ?? "0") - (d.native ? d.amount : 0n);
    const left = (await nativeBalance(job.origin, d.to)) - (ownerBefore > 0n ? ownerBefore : 0n);
    p.reserve = (left > 0n ? left : 0n).toString();
    p.originFee = (swept.gasUsed * swept.effectiveGasPrice).toString();
  }
  return swept;
}

/**
 * Records that the chain lost the origin transaction: the fee it paid is back at the intent
 * address, and is the service's (the deposit, also back, is counted by the caller).
 */
export function originLost(p: ChainProgress): void {
  const fee = BigInt(p.originFee ?? "0");
  p.reserve = (BigInt(p.reserve ?? "0") + fee).toString();
  delete p.originFee;
}

/**
 * Whether the deposit is back at the intent address, whole, with its own transaction on chain:
 * the case in which the service may send the origin transaction again.
 */
export async function depositStillThere(job: ExecutionJob, p: ChainProgress): Promise<boolean> {
  const hash = p.deposit.hash;
  if (hash === undefined || (await receiptOf(job.origin, hash)) === undefined) return false;
  const d = job.deposit;
  const reserve = BigInt(p.reserve ?? "0");
  const held = await strandedAmount(job.origin, {
    address: d.to,
    token: d.token,
    owner: job.owner,
    reserve,
  });
  return held >= d.amount;
}

/** What waiting for the origin transaction's depth found. */
export type OriginDepth = "deep" | "gone" | "closed";

/**
 * Waits until the origin transaction `hash` is `job.confirmations` blocks deep; `"gone"` when the
 * chain lost it meanwhile. `waiting` is told once, when it must wait.
 */
export async function originDeep(
  job: ExecutionJob,
  hash: string,
  waiting: () => void,
): Promise<OriginDepth> {
  const n = BigInt(Math.max(1, job.confirmations ?? 1));
  let told = false;
  for (let delay = 1; !job.closed(); delay = Math.min(delay * 2, 100)) {
    const depth = await depthOf(job.origin, hash);
    if (depth === undefined) return "gone";
    if (depth >= n) return "deep";
    if (!told) waiting();
    told = true;
    await sleep(delay);
  }
  return "closed";
}
