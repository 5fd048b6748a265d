/**
 * The way out for money stranded at an intent address, on real chains: once an intent can no
 * longer execute (its window passed unused, its execution FAILED, or ended with money left over:
 * a short deposit refused, a deposit split in two transfers, the excess of an overpayment, a
 * deposit sent late, another token or native currency sent to the address) and its
 * `timedRefundUnlockTimestamp` has passed on the server's clock, every asset at its address that
 * is the owner's goes back to the owner in a real transaction per asset, and the intent and its
 * receipt say so (`rec.recovery`; see `intents/lifecycle.ts`). What an executed intent accounts
 * for is not the owner's: the deposit, while the origin transaction that moved it on is not on
 * chain (a reorg took it), is the filler's, which paid the user out.
 *
 * How the server notices: a timer compares the server's clock with the unlock times every
 * `REFUND_CHECK_MS` of real time (a manual clock moved by a test is seen within that), and looks
 * at an intent address again only when its origin chain has a new head (money arrives only with
 * one; a reorg makes one, maybe at the same height). One sweep runs at a time, after the ended
 * executions' receipts were re-checked (`recheck-receipts.ts`).
 *
 * Exactly once, across restarts: before a refund is sent, its amount and the intent address's
 * nonce are written to the state journal (PENDING); a server restarted with a PENDING refund looks
 * the address's transaction with that nonce up on chain and records it if it was sent, and sends
 * it only if it was not. The chain itself refuses a second refund of the same money (the address
 * no longer holds it).
 */
import type { IntentWallet, Recovery, Rpc, StrandedRefund } from "../chains/index.js";
import { headOf, nonceOf, receiptOf, sendRefund, sentAt, strandedAmount } from "../chains/index.js";
import { type ChainRuntime, notifyChange, type ServerState } from "../context/index.js";
import { addressKey } from "../core/index.js";
import type { IntentRecord } from "../intents/index.js";
import { NATIVE_TOKEN } from "../market/index.js";
import { mendReceipt, recheckEnded, recheckMemo } from "./recheck-receipts.js";

/** How often, in real ms, the clock is compared with the unlock times of waiting money. */
const REFUND_CHECK_MS = 200;

/** Refunds of one intent that may revert before the server stops trying. */
const MAX_REVERTED = 3;

/** A running watch; `stop` ends it (the server's close). */
export interface StrandedWatch {
  stop(): void;
}

/** Starts watching `server`'s intent addresses for stranded money (nothing in the simulated mode). */
export function watchStranded(server: ServerState): StrandedWatch {
  const runtime = server.chains;
  if (runtime === undefined) return { stop() {} };
  /** The origin chain's head (its hash) at which each intent's address was last found empty. */
  const seen = new Map<string, string>();
  const memo = recheckMemo();
  let busy = false;
  const timer = setInterval(() => {
    if (busy || server.closed) return;
    busy = true;
    // Receipts are mended first, so that the sweep sees an origin transaction a reorg took away
    // sent again before it counts what is at an address.
    recheckEnded(server, runtime, memo)
      .catch(() => undefined)
      .then(() => sweep(server, runtime, seen))
      .catch(() => undefined)
      .finally(() => {
        busy = false;
      });
  }, REFUND_CHECK_MS);
  timer.unref?.();
  return { stop: () => clearInterval(timer) };
}

/** Whether money at `rec`'s intent address may be sent back at `now`. */
function refundable(rec: IntentRecord, now: number, runtime: ChainRuntime): boolean {
  if (rec.dropped === true || rec.committedAt === undefined) return false;
  const unlock = rec.issued.timedRefundUnlockTimestamp;
  if (unlock === undefined || now < unlock * 1000) return false;
  const e = rec.execution;
  // An execution still running keeps its money; one that ended leaves what is left.
  if (e !== undefined && e.chain?.outcome === undefined) return false;
  if (runtime.executing.has(rec.issued.intentId)) return false;
  const reverted = rec.recovery?.refunds.filter((r) => r.status === "REVERTED").length ?? 0;
  return reverted < MAX_REVERTED;
}

/** One pass over the intents whose money may be sent back. */
async function sweep(
  server: ServerState,
  runtime: ChainRuntime,
  seen: Map<string, string>,
): Promise<void> {
  const now = server.options.clock();
  const due = new Map<number, IntentRecord[]>();
  const ids = new Set<string>();
  for (const rec of server.store.all.ascending()) {
    if (!refundable(rec, now, runtime)) continue;
    const chainId = rec.issued.originChainId;
    const list = due.get(chainId) ?? [];
    list.push(rec);
    due.set(chainId, list);
    ids.add(rec.issued.intentId);
  }
  // What is no longer watched (dropped from the store, or done trying) is forgotten.
  for (const id of seen.keys()) if (!ids.has(id)) seen.delete(id);
  for (const [chainId, recs] of due) {
    const rpc = runtime.set.rpc(chainId);
    if (rpc === undefined) continue;
    // By hash: a reorg can change what an address holds without a new block number.
    const head = (await headOf(rpc)).hash;
    for (const rec of recs) {
      if (server.closed) return;
      const id = rec.issued.intentId;
      const pending = rec.recovery?.refunds.find((r) => r.status === "PENDING");
      if (pending === undefined && seen.get(id) === head) continue;
      // One intent that cannot be refunded now (a chain not answering) does not hold up the rest:
      // it is tried again on the next pass.
      const sent = await recover(server, runtime, rpc, rec, pending).catch(() => true);
      if (!sent) seen.set(id, head);
    }
  }
}

function walletOf(rec: IntentRecord, token: string): IntentWallet {
  const i = rec.issued;
  return {
    address: i.originIntentAddress,
    token,
    owner: i.ownerAddress,
    reserve: BigInt(rec.recovery?.reserve ?? rec.execution?.chain?.reserve ?? "0"),
  };
}

/** Writes `rec.recovery` to the journal (before anything it announces is sent) and tells the polls. */
function record(server: ServerState, rec: IntentRecord): void {
  server.store.recovered(rec);
  notifyChange(server, rec);
}

/**
 * Every asset an intent address may hold on its origin chain: the intent's token first, then the
 * chain's other tokens, then native currency last (each refund before it leaves gas money at the
 * address, which the reserve counts as the service's).
 */
function assetsOf(server: ServerState, rec: IntentRecord): string[] {
  const chainId = rec.issued.originChainId;
  const own = addressKey(rec.from.address);
  const others = server.catalogue.tokens
    .filter((t) => t.chainId === chainId && !t.native && addressKey(t.address) !== own)
    .map((t) => t.address);
  return rec.from.native
    ? [rec.from.address, ...others]
    : [rec.from.address, ...others, NATIVE_TOKEN];
}

/**
 * What of the intent's token at its address an executed intent accounts for, checked on chain:
 * once the filler paid (a payout, or a refund of a reverted call), the deposit is the filler's;
 * while the origin transaction that moved it is not on chain (a reorg took it, and it was not
 * sent again yet), it is still at the address and is not the owner's to get back.
 */
async function owedToFiller(rpc: Rpc, rec: IntentRecord): Promise<bigint> {
  const p = rec.execution?.chain;
  const paid = p?.outcome?.status === "SUCCEEDED" || p?.outcome?.status === "REFUNDED";
  if (p === undefined || !paid) return 0n;
  const o = p.origin;
  // A resumed execution may have found its origin transaction by the address's nonce, unhashed.
  if (o.status === "SUCCEEDED" && o.hash === undefined) return 0n;
  if (o.hash !== undefined && (await receiptOf(rpc, o.hash)) !== undefined) return 0n;
  if (p.deposit.status !== "SUCCEEDED") return 0n;
  return rec.issued.depositTransaction.amount;
}

/**
 * Finishes the refund `pending` left by a restart, if it was sent; answers whether it was.
 * Sent before a restart, the gas money it was given is not known, and is left counted as the
 * owner's (it goes back with the next refund, if any: never the other way round).
 */
async function finishPending(
  server: ServerState,
  rpc: Rpc,
  rec: IntentRecord,
  pending: StrandedRefund,
): Promise<boolean> {
  const clock = server.options.clock;
  const found = await sentAt(rpc, rec.issued.originIntentAddress, pending.nonce);
  if (found === undefined) {
    // Never sent: forgotten; what is at the address is counted again below.
    const recovery = rec.recovery;
    if (recovery !== undefined) recovery.refunds = recovery.refunds.filter((r) => r !== pending);
    record(server, rec);
    return false;
  }
  Object.assign(pending, {
    status: found.success ? "SUCCEEDED" : "REVERTED",
    hash: found.transactionHash,
    since: clock(),
    minedAt: clock(),
  });
  record(server, rec);
  return true;
}

/**
 * Marks FAILED the refunds shown SUCCEEDED that the chain no longer holds (a reorg: their money is
 * back at the address, and is counted again; the fee each paid is back too, and is the
 * service's); answers whether it marked any.
 */
async function lostRefunds(rpc: Rpc, recovery: Recovery, now: number): Promise<boolean> {
  let lost = false;
  for (const r of recovery.refunds) {
    if (r.status !== "SUCCEEDED" || r.hash === undefined) continue;
    if ((await receiptOf(rpc, r.hash)) !== undefined) continue;
    Object.assign(r, { status: "FAILED", since: now });
    delete r.minedAt;
    recovery.reserve = (BigInt(recovery.reserve) + BigInt(r.fee ?? "0")).toString();
    delete r.fee;
    lost = true;
  }
  return lost;
}

/**
 * Sends back every asset at `rec`'s intent address that is the owner's (after finishing the refund
 * `pending`, left by a restart); answers whether it sent something.
 */
async function recover(
  server: ServerState,
  runtime: ChainRuntime,
  rpc: Rpc,
  rec: IntentRecord,
  pending: StrandedRefund | undefined,
): Promise<boolean> {
  const recovery = rec.recovery ?? {
    reserve: walletOf(rec, rec.from.address).reserve.toString(),
    refunds: [],
  };
  rec.recovery = recovery;
  if (pending !== undefined && (await finishPending(server, rpc, rec, pending))) return true;
  // What the chains say now, however long ago the execution ended: a lost origin transaction is
  // sent again before anything at the address is counted.
  await mendReceipt(server, runtime, rec);
  const clock = server.options.clock;
  if (await lostRefunds(rpc, recovery, clock())) record(server, rec);
  let sent = false;
  for (const token of assetsOf(server, rec)) {
    if (server.closed) break;
    const wallet = walletOf(rec, token);
    const owed = token === rec.from.address ? await owedToFiller(rpc, rec) : 0n;
    const amount = (await strandedAmount(rpc, wallet)) - owed;
    if (amount <= 0n) continue;
    const entry: StrandedRefund = {
      status: "PENDING",
      amount: amount.toString(),
      nonce: await nonceOf(rpc, wallet.address),
      since: clock(),
    };
    if (token !== rec.from.address) entry.token = token;
    recovery.refunds.push(entry);
    record(server, rec);
    const out = await sendRefund(rpc, wallet, amount);
    Object.assign(entry, {
      status: out.receipt.success ? "SUCCEEDED" : "REVERTED",
      hash: out.receipt.transactionHash,
      fee: (out.receipt.gasUsed * out.receipt.effectiveGasPrice).toString(),
      since: clock(),
      minedAt: clock(),
    });
    recovery.reserve = out.reserve.toString();
    record(server, rec);
    sent = true;
  }
  return sent;
}
