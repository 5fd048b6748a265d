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
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { getTransactionCount } from "viem/actions";
import type { QuoteIntentRequest } from "../../../generated/types.js";
import type { DevServer } from "../../../src/devserver/index.js";
import { createClient, type IntentClient } from "../../../src/index.js";
import { balanceOf, chainOf, publicClient } from "../chains/chain.js";
import { testAccount as chainAccount } from "../chains/flow.js";
import { NATIVE, USDC_ARB, USDC_BASE } from "../constants.js";
import { usdcRequest } from "../quote-request.js";
import { QUICK_SERVER, startServer } from "../server.js";

export { chainOf, NATIVE, USDC_ARB, USDC_BASE };

/**
 * A dev server (no rate limit, short stages) and a client speaking HTTP to it; with `chains`, on
 * its own local chains.
 */
export async function service(chains = false): Promise<{ srv: DevServer; client: IntentClient }> {
  const srv = await startServer({ ...QUICK_SERVER, port: 0, chains });
  return { srv, client: createClient({ baseUrl: srv.url, accessKey: srv.accessKey }) };
}

/** The dev server's funded test account `i` (a public test key). */
export function testKey(srv: DevServer, i: number): `0x${string}` {
  return chainAccount(srv, i).privateKey;
}

/** The dev server's funded test account `i`: its key and its address (the owner of its intents). */
export function testAccount(
  srv: DevServer,
  i: number,
): { key: `0x${string}`; owner: `0x${string}` } {
  const { privateKey, address } = chainAccount(srv, i);
  return { key: privateKey, owner: address };
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

/** `holder`'s balance of `token` (the zero address: native) on the dev server's chain `chainId`. */
export function balance(
  srv: DevServer,
  chainId: number,
  token: string,
  holder: string,
): Promise<bigint> {
  return balanceOf(publicClient(srv, chainId), token, holder);
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
  return {
    nonce: await getTransactionCount(publicClient(srv, chainId), {
      address: owner as `0x${string}`,
    }),
    balance: await balance(srv, chainId, token, owner),
  };
}
