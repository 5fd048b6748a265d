/**
 * The demo's wallet: the dev server's funded test account as a viem wallet on its local chains,
 * and the balances shown before and after. viem and the wallet step are loaded only here, when
 * the embedded dev server runs real chains (a built CLI loads `xchain-intents/viem` then).
 */
import type { Account, Chain, HttpTransport, WalletClient } from "viem";
import type { Intent } from "../index.js";
import { NATIVE_TOKEN } from "../internal/native-token.js";

/** The test account and the chains' RPC endpoints. */
export interface DemoChains {
  /** RPC URL by chain id. */
  rpcUrls: Readonly<Record<number, string>>;
  /** The test account's private key (a public test key). */
  privateKey: `0x${string}`;
}

/** Balances of the owner on the origin chain and of the recipient on the destination chain. */
export interface Balances {
  origin: bigint;
  destination: bigint;
}

/**
 * viem's three modules, loaded on demand. Kept apart, not spread into one object: the type of a
 * spread of whole module namespaces took the type checker seconds to build.
 */
async function viem() {
  const [core, accounts, actions] = await Promise.all([
    import("viem"),
    import("viem/accounts"),
    import("viem/actions"),
  ]);
  return { core, accounts, actions };
}

function chainOf(v: Awaited<ReturnType<typeof viem>>, chains: DemoChains, id: number): Chain {
  const url = chains.rpcUrls[id];
  if (url === undefined) throw new Error(`the dev server runs no chain ${id}`);
  return v.core.defineChain({
    id,
    name: `local ${id}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
}

/** `holder`'s balance of `token` on chain `id`. */
async function balanceOf(
  chains: DemoChains,
  id: number,
  token: string,
  holder: string,
): Promise<bigint> {
  const v = await viem();
  const reader = v.core.createPublicClient({
    chain: chainOf(v, chains, id),
    transport: v.core.http(),
  });
  const address = holder as `0x${string}`;
  if (token.toLowerCase() === NATIVE_TOKEN) return v.actions.getBalance(reader, { address });
  const abi = v.core.parseAbi(["function balanceOf(address) view returns (uint256)"]);
  return v.actions.readContract(reader, {
    address: token as `0x${string}`,
    abi,
    functionName: "balanceOf",
    args: [address],
  });
}

/** The recipient of an intent: the quote request's, else the owner. */
export function recipientOf(intent: Intent): string {
  return intent.quoteRequest.destinationToAddress ?? intent.ownerAddress;
}

/** The owner's origin balance and the recipient's destination balance, now. */
export async function balances(chains: DemoChains, intent: Intent): Promise<Balances> {
  const [origin, destination] = await Promise.all([
    balanceOf(
      chains,
      intent.originChainId,
      intent.depositTransaction.tokenAddress,
      intent.ownerAddress,
    ),
    balanceOf(
      chains,
      intent.destinationChainId,
      intent.quoteRequest.destinationTokenAddress,
      recipientOf(intent),
    ),
  ]);
  return { origin, destination };
}

/** A wallet client of the test account on the origin chain of `intent`. */
export async function demoWallet(
  chains: DemoChains,
  intent: Intent,
): Promise<WalletClient<HttpTransport, Chain, Account>> {
  const v = await viem();
  return v.core.createWalletClient({
    account: v.accounts.privateKeyToAccount(chains.privateKey),
    chain: chainOf(v, chains, intent.originChainId),
    transport: v.core.http(),
    pollingInterval: 100,
  });
}

/** The wallet step (`xchain-intents/viem`), loaded on demand. */
export function walletStep() {
  return import("../viem.js");
}
