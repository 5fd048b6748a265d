/**
 * The way out for money stranded at an intent address, on real chains: once an intent can no
 * longer execute (its window passed unused, its execution FAILED, or ended with money left over:
 * a short deposit refused, a deposit split in two transfers, the excess of an overpayment, a
 * deposit sent late) and its `timedRefundUnlockTimestamp` has passed on the server's clock, what
 * of the intent's token is at its address goes back to the owner in a real transaction, and the
 * intent and its receipt say so (`rec.recovery`; see `intents/lifecycle.ts`).
 *
 * How the server notices: a timer compares the server's clock with the unlock times every
 * `REFUND_CHECK_MS` of real time (a manual clock moved by a test is seen within that), and looks
 * at an intent address again only when its origin chain has a new block (money arrives only
 * with one). One sweep runs at a time.
 *
 * Exactly once, across restarts: before a refund is sent, its amount and the intent address's
 * nonce are written to the state journal (PENDING); a server restarted with a PENDING refund looks
 * the address's transaction with that nonce up on chain and records it if it was sent, and sends
 * it only if it was not. The chain itself refuses a second refund of the same money (the address
 * no longer holds it).
 */
import type { IntentWallet, Rpc, StrandedRefund } from "../chains/index.js";
import { nonceOf, sendRefund, sentAt, strandedAmount } from "../chains/index.js";
import type { IntentRecord } from "../intents/index.js";
import { type ChainRuntime, notifyChange, type ServerState } from "./context.js";

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
  /** The origin chain's block at which each intent's address was last found empty. */
  const seen = new Map<string, string>();
  let busy = false;
  const timer = setInterval(() => {
    if (busy || server.closed) return;
    busy = true;
    sweep(server, runtime, seen)
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
    const head = await rpc.call<string>("eth_blockNumber", []);
    for (const rec of recs) {
      if (server.closed) return;
      const id = rec.issued.intentId;
      const pending = rec.recovery?.refunds.find((r) => r.status === "PENDING");
      if (pending === undefined && seen.get(id) === head) continue;
      // One intent that cannot be refunded now (a chain not answering) does not hold up the rest:
      // it is tried again on the next pass.
      const sent = await recover(server, rpc, rec, pending).catch(() => true);
      if (!sent) seen.set(id, head);
    }
  }
}

function walletOf(rec: IntentRecord): IntentWallet {
  const i = rec.issued;
  return {
    address: i.originIntentAddress,
    token: rec.from.address,
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
 * Sends back what of `rec`'s token is at its intent address (or finishes the refund `pending`, left
 * by a restart); answers whether it sent something.
 */
async function recover(
  server: ServerState,
  rpc: Rpc,
  rec: IntentRecord,
  pending: StrandedRefund | undefined,
): Promise<boolean> {
  const wallet = walletOf(rec);
  const recovery = rec.recovery ?? { reserve: wallet.reserve.toString(), refunds: [] };
  rec.recovery = recovery;
  const clock = server.options.clock;
  if (pending !== undefined) {
    const found = await sentAt(rpc, wallet.address, pending.nonce);
    if (found !== undefined) {
      // Sent before a restart: the gas money it was given is not known, and is left counted as
      // the owner's (it goes back with the next refund, if any: never the other way round).
      Object.assign(pending, {
        status: found.success ? "SUCCEEDED" : "REVERTED",
        hash: found.transactionHash,
        since: clock(),
        minedAt: clock(),
      });
      record(server, rec);
      return true;
    }
  }
  const amount = await strandedAmount(rpc, wallet);
  if (amount === 0n) {
    if (pending !== undefined) {
      recovery.refunds = recovery.refunds.filter((r) => r !== pending);
      record(server, rec);
    }
    return false;
  }
  const entry: StrandedRefund = pending ?? { status: "PENDING", amount: "0", nonce: 0, since: 0 };
  Object.assign(entry, {
    amount: amount.toString(),
    nonce: await nonceOf(rpc, wallet.address),
    since: clock(),
  });
  if (pending === undefined) recovery.refunds.push(entry);
  record(server, rec);
  const sent = await sendRefund(rpc, wallet, amount);
  Object.assign(entry, {
    status: sent.receipt.success ? "SUCCEEDED" : "REVERTED",
    hash: sent.receipt.transactionHash,
    since: clock(),
    minedAt: clock(),
  });
  recovery.reserve = sent.reserve.toString();
  record(server, rec);
  return true;
}
