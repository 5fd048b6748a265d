/**
 * Transactions not yet mined count as made. The chain search reads mined state only, so before it
 * decides "no deposit", the paying account's pending and mined nonces are compared through the
 * wallet's own node (the one that will send, and the first to see what was sent through it). A
 * deposit waiting in the pool (from this account or anyone) is reused by its hash; the account's
 * other pending transactions are waited for, within a bound, since one of them may be the deposit
 * sent through another store, tab or device.
 */
import { getBlock, getTransactionCount } from "viem/actions";
import { sleep } from "../client/wait.js";
import { DepositOutcomeUnknownError } from "../errors/wallet-errors.js";
import type { Reader } from "./find-deposit.js";
import type { Prepared } from "./preflight.js";
import type { Wallet } from "./wallet-chain.js";

/** How long pending transactions are waited for by default, in ms. */
export const PENDING_TIMEOUT_MS = 120_000;

/** How often the pool is read again while waiting, in ms. */
const POLL_MS = 500;

/** The deposit among the pending block's transactions, when a node lists them. */
async function inPool(node: Reader, p: Prepared): Promise<`0x${string}` | undefined> {
  const block = await getBlock(node, { blockTag: "pending", includeTransactions: true }).catch(
    () => undefined,
  );
  const { tx, native, amount } = p.d;
  for (const t of block?.transactions ?? []) {
    if (typeof t !== "object" || t.to?.toLowerCase() !== tx.to) continue;
    if (native ? t.value >= amount : t.input?.toLowerCase() === tx.data) return t.hash;
  }
  return undefined;
}

/**
 * Resolves when the paying account has nothing pending (or with the deposit's hash when it is
 * found waiting in the pool); reports `pending` while it waits. Throws `DepositOutcomeUnknownError`
 * naming the account and its pending nonces when they are still pending after `timeoutMs`:
 * nothing is sent then.
 */
export async function settlePending(
  p: Prepared,
  o: { wallet: Wallet; signal?: AbortSignal | undefined; pendingTimeoutMs?: number | undefined },
): Promise<`0x${string}` | undefined> {
  const count = (blockTag: "latest" | "pending") =>
    getTransactionCount(o.wallet, { address: p.from, blockTag });
  const end = Date.now() + (o.pendingTimeoutMs ?? PENDING_TIMEOUT_MS);
  for (let reported = false; ; ) {
    const [mined, next] = [await count("latest"), await count("pending")];
    const found =
      (await inPool(o.wallet, p)) ??
      (p.reader === o.wallet ? undefined : await inPool(p.reader, p));
    if (found) return found;
    if (next <= mined) return undefined;
    const nonces = Array.from({ length: next - mined }, (_, i) => mined + i);
    if (!reported) p.progress({ step: "pending", pending: nonces.length, nonces });
    reported = true;
    if (Date.now() >= end)
      throw new DepositOutcomeUnknownError(p.key, undefined, undefined, {
        message: `${p.from} has transactions pending on chain ${p.d.chainId} (nonces ${nonces.join(", ")}), perhaps this deposit: nothing was sent; call again once they are mined`,
      });
    await sleep(POLL_MS, o.signal);
  }
}
