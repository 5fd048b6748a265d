/**
 * Reading the dev server's local chains from tests, as a user would: viem public and wallet
 * clients on `srv.chains[id].rpcUrl`, and the token ABI from `generated/`.
 */
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type PublicClient,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { DEV_TOKEN_ABI } from "../../../generated/dev-token.js";
import type { DevServer, TestAccount } from "../../../src/devserver/index.js";

/** The viem chain `chainId` served at `rpcUrl`. */
export function chainAt(chainId: number, rpcUrl: string) {
  return defineChain({
    id: chainId,
    name: `local ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

/** The viem chain of a dev server's chain (the dev server describes it: no `defineChain`). */
export function chainOf(srv: DevServer, chainId: number) {
  const endpoint = srv.chains[chainId];
  if (endpoint === undefined) throw new Error(`the dev server runs no chain ${chainId}`);
  return endpoint.chain;
}

/** A public client on chain `chainId` served at `rpcUrl`. */
export function publicClientAt(chainId: number, rpcUrl: string): PublicClient {
  const chain = chainAt(chainId, rpcUrl);
  return createPublicClient({ chain, transport: http(), pollingInterval: 20 }) as PublicClient;
}

/** A public client on one chain of `srv`. */
export function publicClient(srv: DevServer, chainId: number): PublicClient {
  const endpoint = srv.chains[chainId];
  if (endpoint === undefined) throw new Error(`the dev server runs no chain ${chainId}`);
  return publicClientAt(chainId, endpoint.rpcUrl);
}

/** A wallet client for `account` (signing locally with its key) on one chain of `srv`. */
export function walletClient(srv: DevServer, chainId: number, account: TestAccount): WalletClient {
  return createWalletClient({
    account: privateKeyToAccount(account.privateKey),
    chain: chainOf(srv, chainId),
    transport: http(),
  });
}

/** The ERC-20 balance of `owner` (the native balance for the zero address). */
export async function balanceOf(
  client: PublicClient,
  token: string,
  owner: string,
): Promise<bigint> {
  if (/^0x0{40}$/.test(token)) return client.getBalance({ address: owner as Address });
  return client.readContract({
    address: token as Address,
    abi: DEV_TOKEN_ABI,
    functionName: "balanceOf",
    args: [owner as Address],
  });
}

/** Whether something answers JSON-RPC at `url`. */
export async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      signal: AbortSignal.timeout(2000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

/** Calls a JSON-RPC method of the dev server's chain `chainId` (anvil's own methods included). */
export function rpcCall(srv: DevServer, chainId: number, method: string, params: unknown[] = []) {
  return rpcAt(srv.chains[chainId]?.rpcUrl ?? "", method, params);
}

/** Calls a JSON-RPC method of the node at `url`; its result, or an error naming the method. */
export async function rpcAt(url: string, method: string, params: unknown[] = []) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/**
 * Reorganises the last `depth` blocks of chain `chainId` (anvil's `anvil_reorg`): the new blocks
 * hold every transaction the old ones held, in the same block, but those in `drop`, which leave
 * the chain. Throws when a hash of `drop` is not in those blocks (the reorg would not remove it).
 */
export async function reorgWithout(
  srv: DevServer,
  chainId: number,
  depth: number,
  drop: readonly string[],
): Promise<void> {
  const head = BigInt((await rpcCall(srv, chainId, "eth_blockNumber")) as string);
  const keep: [string, number][] = [];
  const seen = new Set<string>();
  for (let i = 0; i < depth; i++) {
    const n = head - BigInt(depth - 1 - i);
    const block = (await rpcCall(srv, chainId, "eth_getBlockByNumber", [
      `0x${n.toString(16)}`,
      false,
    ])) as { transactions: string[] };
    for (const hash of block.transactions) {
      seen.add(hash.toLowerCase());
      if (drop.some((d) => d.toLowerCase() === hash.toLowerCase())) continue;
      const raw = (await rpcCall(srv, chainId, "eth_getRawTransactionByHash", [hash])) as string;
      keep.push([raw, i]);
    }
  }
  for (const d of drop)
    if (!seen.has(d.toLowerCase())) throw new Error(`${d} is not in the last ${depth} blocks`);
  await rpcCall(srv, chainId, "anvil_reorg", [depth, keep]);
}
