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
