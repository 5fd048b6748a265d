/**
 * The wallet's side of a deposit: which account pays, and that it is on the origin chain
 * (switching it when it can; viem's `switchChain`, EIP-3326 for injected wallets).
 */
import type { Account, Chain, Client, Transport } from "viem";
import { getAddresses, getChainId, getCode, switchChain } from "viem/actions";
import { WrongChainError } from "../errors/wallet-errors.js";
import type { CheckedDeposit } from "./check-deposit.js";

/** A viem wallet client (local account, or an injected wallet through `custom`). */
export type Wallet = Client<Transport, Chain | undefined, Account | undefined>;

/** The paying account: the wallet's own, else the first address it exposes. */
export async function payingAccount(wallet: Wallet): Promise<Account | `0x${string}`> {
  if (wallet.account) return wallet.account;
  const [first] = await getAddresses(wallet);
  if (first === undefined) throw new TypeError("the wallet exposes no account");
  return first;
}

/** The address of an account. */
export const addressOf = (a: Account | `0x${string}`): `0x${string}` =>
  typeof a === "string" ? a : a.address;

/**
 * Puts the wallet on `chainId`: nothing when it is there; `switchChain` when it is not, then
 * checks that the switch happened. Throws `WrongChainError` (the refusal as `cause`) otherwise.
 * Returns whether it switched.
 */
export async function ensureChain(wallet: Wallet, chainId: number): Promise<boolean> {
  const current = await getChainId(wallet);
  if (current === chainId) return false;
  try {
    await switchChain(wallet, { id: chainId });
  } catch (cause) {
    throw new WrongChainError(chainId, current, { cause });
  }
  const after = await getChainId(wallet);
  if (after !== chainId) throw new WrongChainError(chainId, after);
  return true;
}

/**
 * Checks that the node behind the wallet's transport (the one that will send) serves the
 * deposit's chain, by a fact of that chain read through it: the token's contract code. A wallet
 * whose chain id says one chain while its node reads another (wagmi's mock connector after a
 * chain switch) finds no code there: `WrongChainError`, nothing sent. A native deposit has no
 * such fact beyond the chain id; a transaction sent elsewhere is caught after `sent`, when the
 * origin chain does not show it.
 */
export async function checkServesChain(wallet: Wallet, d: CheckedDeposit): Promise<void> {
  if (d.native) return;
  const code = await getCode(wallet, { address: d.token });
  if (code === undefined || code === "0x")
    throw new WrongChainError(d.chainId, 0, {
      message: `the wallet's node serves another chain than ${d.chainId}: the token ${d.token} has no code there; nothing was sent`,
    });
}

/**
 * A chain object for `chainId`: the wallet's own when it matches, else a minimal one with every
 * field a `Chain` requires (`id`, which viem's `sendTransaction` holds the wallet's current chain
 * to before sending; a name and currency for its messages; no RPC URL of its own), so that no
 * version of viem within the peer range reads a field that is not there.
 */
export function chainFor(wallet: Wallet, chainId: number): Chain {
  if (wallet.chain?.id === chainId) return wallet.chain;
  return {
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [] } },
  };
}
