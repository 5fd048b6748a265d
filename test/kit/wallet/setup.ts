/**
 * Set-up of the wallet tests: a dev server and a client over loopback HTTP, quotes of real
 * catalogue routes, and viem clients on a local chain.
 */
import {
  type Chain,
  createPublicClient,
  createWalletClient,
  http,
  type PublicClient,
  parseAbi,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { getBalance, getTransactionCount, readContract } from "viem/actions";
import type { QuoteIntentRequest } from "../../../generated/types.js";
import type { DevServer } from "../../../src/devserver/index.js";
import { createClient, type IntentClient } from "../../../src/index.js";
import { NATIVE, USDC_ARB, USDC_BASE } from "../constants.js";
import { usdcRequest } from "../quote-request.js";
import { QUICK_SERVER, startServer } from "../server.js";

export { NATIVE, USDC_ARB, USDC_BASE };

/**
 * A dev server (no rate limit, short stages) and a client speaking HTTP to it; with `chains`, on
 * its own local chains.
 */
export async function service(chains = false): Promise<{ srv: DevServer; client: IntentClient }> {
  const srv = await startServer({ ...QUICK_SERVER, port: 0, chains });
  return { srv, client: createClient({ baseUrl: srv.url, accessKey: srv.accessKey }) };
}

/** A viem chain for one of the dev server's local chains. */
export function chainOf(srv: DevServer, id: number): Chain {
  const chain = srv.chains[id]?.chain;
  if (chain === undefined) throw new Error(`the dev server has no chain ${id}`);
  return chain;
}

/** The dev server's funded test account `i` (a public test key). */
export function testKey(srv: DevServer, i: number): `0x${string}` {
  const key = srv.testAccounts[i]?.privateKey;
  if (key === undefined) throw new Error(`no test account ${i}`);
  return key;
}

/** The dev server's funded test account `i`: its key and its address (the owner of its intents). */
export function testAccount(
  srv: DevServer,
  i: number,
): { key: `0x${string}`; owner: `0x${string}` } {
  const key = testKey(srv, i);
  return { key, owner: privateKeyToAccount(key).address };
}

/** A quote request from `owner` on Arbitrum (42161) to Base (8453). */
export function request(
  owner: string,
  originToken: string,
  amount: bigint,
  destinationToken = USDC_BASE,
): QuoteIntentRequest {
  return usdcRequest({
    ownerAddress: owner,
    originTokenAddress: originToken,
    originTokenAmount: amount,
    destinationTokenAddress: destinationToken,
  });
}

/** A wallet client of `key` over HTTP, and a public client, on `chain`. */
export function clients(
  chain: Chain,
  key: `0x${string}`,
): { wallet: WalletClient; reader: PublicClient } {
  const transport = http(chain.rpcUrls.default.http[0], { retryCount: 0 });
  return {
    wallet: createWalletClient({
      account: privateKeyToAccount(key),
      chain,
      transport,
      pollingInterval: 50,
    }),
    reader: createPublicClient({ chain, transport, pollingInterval: 50 }),
  };
}

const BALANCE_OF = parseAbi(["function balanceOf(address) view returns (uint256)"]);

/** `holder`'s balance of `token` (the zero address: native) on the dev server's chain `chainId`. */
export function balance(
  srv: DevServer,
  chainId: number,
  token: string,
  holder: string,
): Promise<bigint> {
  const reader = createPublicClient({ chain: chainOf(srv, chainId), transport: http() });
  const address = holder as `0x${string}`;
  return token === NATIVE
    ? getBalance(reader, { address })
    : readContract(reader, {
        address: token as `0x${string}`,
        abi: BALANCE_OF,
        functionName: "balanceOf",
        args: [address],
      });
}

/** An account's nonce and balance on one chain: what a deposit changes, and a refusal does not. */
export interface WalletState {
  nonce: number;
  balance: bigint;
}

/**
 * `owner`'s nonce and balance of `token` (the zero address: native) on the dev server's chain
 * `chainId`. Taken before and after a step: equal when nothing was sent, the nonce one up and the
 * balance down by the deposit (and gas, when native) when one transaction was.
 */
export async function walletState(
  srv: DevServer,
  chainId: number,
  token: string,
  owner: string,
): Promise<WalletState> {
  const reader = createPublicClient({ chain: chainOf(srv, chainId), transport: http() });
  return {
    nonce: await getTransactionCount(reader, { address: owner as `0x${string}` }),
    balance: await balance(srv, chainId, token, owner),
  };
}
