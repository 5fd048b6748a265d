/**
 * Receipts after the end, on real chains: every execution that ended is re-checked against its
 * chains when one of them has a new block (a reorg makes one), so that no receipt keeps showing a
 * transaction the chain lost (`chains/recheck.ts` mends or fails each row). An execution is
 * followed until both its chains have moved `RECHECK_BLOCKS` blocks past its first check: a reorg
 * deeper than that is not looked for (the refund sweep still checks on chain what it sends back).
 */
import { type Head, headOf, recheckRows } from "../chains/index.js";
import { type ChainRuntime, notifyChange, type ServerState } from "../context/index.js";
import type { IntentRecord } from "../intents/index.js";
import { jobOf } from "./execute-on-chain.js";

/** Blocks, on each of its chains, for which an ended execution is re-checked. */
const RECHECK_BLOCKS = 64n;

/** Per intent: the head numbers at its first check, and the heads' hashes at its last. */
export interface RecheckMemo {
  first: Map<string, readonly [bigint, bigint]>;
  last: Map<string, string>;
}

/** A fresh memo. */
export function recheckMemo(): RecheckMemo {
  return { first: new Map(), last: new Map() };
}

/** The head of each chain of the runtime, asked once per pass. */
async function headsOf(runtime: ChainRuntime): Promise<Map<number, Head>> {
  const heads = new Map<number, Head>();
  for (const id of Object.keys(runtime.set.chains).map(Number)) {
    const rpc = runtime.set.rpc(id);
    if (rpc !== undefined) heads.set(id, await headOf(rpc));
  }
  return heads;
}

function ended(rec: IntentRecord): boolean {
  return rec.dropped !== true && rec.execution?.chain?.outcome !== undefined;
}

/** One pass: re-checks each ended execution whose chains moved since its last check. */
export async function recheckEnded(
  server: ServerState,
  runtime: ChainRuntime,
  memo: RecheckMemo,
): Promise<void> {
  const recs = [...server.store.all.ascending()].filter(ended);
  const ids = new Set(recs.map((r) => r.issued.intentId));
  for (const id of memo.first.keys()) if (!ids.has(id)) memo.first.delete(id);
  for (const id of memo.last.keys()) if (!ids.has(id)) memo.last.delete(id);
  if (recs.length === 0) return;
  const heads = await headsOf(runtime);
  for (const rec of recs) {
    if (server.closed) return;
    const i = rec.issued;
    const id = i.intentId;
    const o = heads.get(i.originChainId);
    const d = heads.get(i.destinationChainId);
    if (o === undefined || d === undefined) continue;
    const first = memo.first.get(id) ?? ([o.number, d.number] as const);
    memo.first.set(id, first);
    if (o.number - first[0] > RECHECK_BLOCKS && d.number - first[1] > RECHECK_BLOCKS) continue;
    // By the heads' hashes: a reorg replaces blocks without always adding one.
    const key = `${o.hash}:${d.hash}`;
    if (memo.last.get(id) === key) continue;
    // A chain that does not answer now is asked again on the next pass.
    const changed = await mendReceipt(server, runtime, rec).catch(() => undefined);
    if (changed !== undefined) memo.last.set(id, key);
  }
}

/**
 * Re-checks `rec`'s ended execution against the chains (see `chains/recheck.ts`) and records what
 * changed; answers whether anything did. The service's gas money at the intent address moves with
 * a lost and re-sent origin transaction; once refunds were counted (`rec.recovery`), that count is
 * the one kept, so the change is carried over to it.
 *
 * @throws {ChainRpcError} when a chain does not answer.
 */
export async function mendReceipt(
  server: ServerState,
  runtime: ChainRuntime,
  rec: IntentRecord,
): Promise<boolean> {
  const e = rec.execution;
  const progress = e?.chain;
  if (e === undefined || progress?.outcome === undefined || rec.dropped === true) return false;
  const before = BigInt(progress.reserve ?? "0");
  const job = jobOf(server, runtime, rec, e.depositTxHash);
  if (!(await recheckRows(job, progress))) return false;
  server.store.progressed(rec);
  const moved = BigInt(progress.reserve ?? "0") - before;
  if (rec.recovery !== undefined && moved !== 0n) {
    const reserve = BigInt(rec.recovery.reserve) + moved;
    rec.recovery.reserve = (reserve > 0n ? reserve : 0n).toString();
    server.store.recovered(rec);
  }
  notifyChange(server, rec);
  return true;
}
