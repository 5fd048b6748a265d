/**
 * Sending as the service: from its own account (unlocked on the dev server's anvil) or from an
 * address it acts for (an intent address, the entrypoint that relays permits), impersonated with
 * `anvil_impersonateAccount` and given gas money by a real transfer from the service account
 * first, so that no balance is ever overwritten.
 */
import { SERVICE_ACCOUNT } from "./accounts.js";
import type { Rpc } from "./rpc.js";
import { send, type TxReceipt, type TxRequest, waitForReceipt } from "./transactions.js";

/** Gas money an impersonated address is topped up to before it sends: 0.05 of the native token. */
const GAS_MONEY = 5n * 10n ** 16n;

/** Sends `tx` from the service account and waits for it to be mined (reverted or not). */
export async function sendAsService(rpc: Rpc, tx: Omit<TxRequest, "from">): Promise<TxReceipt> {
  return waitForReceipt(rpc, await send(rpc, { ...tx, from: SERVICE_ACCOUNT.address }));
}

/** The native balance of `address`, in wei. */
export async function nativeBalance(rpc: Rpc, address: string): Promise<bigint> {
  return BigInt(await rpc.call<string>("eth_getBalance", [address, "latest"]));
}

/** Gives `address` gas money (see `sendAs`). */
async function topUp(rpc: Rpc, address: string, keep: bigint): Promise<void> {
  const balance = await nativeBalance(rpc, address);
  if (balance < keep + GAS_MONEY / 2n) {
    const sent = await sendAsService(rpc, { to: address, value: keep + GAS_MONEY - balance });
    if (!sent.success) throw new Error(`could not give ${address} gas money`);
  }
}

/**
 * Sends `txs` from `address` as `sendAs` does, but with the chain's mining held, then drops them
 * from the pool before mining resumes (the chain fault of a deposit dropped before it was mined):
 * resolves with their hashes, none of which is ever mined. Other transactions sent meanwhile are
 * mined when mining resumes.
 */
export async function sendDropped(
  rpc: Rpc,
  address: string,
  txs: readonly Omit<TxRequest, "from">[],
): Promise<string[]> {
  await topUp(rpc, address, 0n);
  await rpc.call("anvil_impersonateAccount", [address]);
  await rpc.call("evm_setAutomine", [false]);
  const hashes: string[] = [];
  try {
    for (const tx of txs) hashes.push(await send(rpc, { ...tx, from: address }));
  } finally {
    for (const hash of hashes) await rpc.call("anvil_dropTransaction", [hash]);
    await rpc.call("evm_setAutomine", [true]);
    await rpc.call("anvil_stopImpersonatingAccount", [address]).catch(() => undefined);
  }
  return hashes;
}

/**
 * Sends `txs` one after the other from `address` (impersonated), after topping its native balance
 * up to `GAS_MONEY` above what it holds beyond `keep` (the deposit it holds, when native);
 * resolves with their receipts, mined (reverted or not).
 */
export async function sendAs(
  rpc: Rpc,
  address: string,
  txs: readonly Omit<TxRequest, "from">[],
  keep = 0n,
): Promise<TxReceipt[]> {
  await topUp(rpc, address, keep);
  await rpc.call("anvil_impersonateAccount", [address]);
  try {
    const receipts: TxReceipt[] = [];
    for (const tx of txs)
      receipts.push(await waitForReceipt(rpc, await send(rpc, { ...tx, from: address })));
    return receipts;
  } finally {
    await rpc.call("anvil_stopImpersonatingAccount", [address]).catch(() => undefined);
  }
}
