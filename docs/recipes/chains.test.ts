/**
 * Recipe: test your app's deposit on real local chains with vitest. The dev server starts one
 * anvil per chain (needs the dev dependency `@foundry-rs/anvil`), places the real tokens at their
 * addresses and funds test accounts; your app's wallet code then runs exactly as in production.
 *
 * - `startDevServer({ chains: true })` in `beforeAll`, `srv.close()` in `afterAll` (it stops the
 *   chains); parallel test files each get their own chains, on free ports;
 * - `srv.chains[42161].chain` is a viem chain (id, name, RPC URL): no `defineChain`;
 * - `srv.testAccounts[i].privateKey` is typed `` `0x${string}` ``: no cast. Use one account per
 *   test so that balances do not mix;
 * - `executeWithWallet` checks the deposit against the quote and sends it once.
 *
 * Run by `npm test` like every test of the SDK, so it cannot drift from it.
 */

import { createPublicClient, createWalletClient, erc20Abi, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type IntentClient } from "xchain-intents";
import { type DevServer, startDevServer } from "xchain-intents/devserver";
import { executeWithWallet } from "xchain-intents/viem";

const USDC_ARBITRUM = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831";
const USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

let srv: DevServer;
let client: IntentClient;

beforeAll(async () => {
  srv = await startDevServer({ chains: true, durations: { stageMs: 20 } });
  client = createClient({ baseUrl: srv.url, accessKey: srv.accessKey });
}, 60_000);
afterAll(() => srv.close());

/** `owner`'s USDC on `chainId`, read from the local chain. */
function usdcOf(chainId: number, token: string, owner: `0x${string}`): Promise<bigint> {
  const chain = srv.chains[chainId]?.chain;
  if (chain === undefined) throw new Error(`no local chain ${chainId}`);
  const reader = createPublicClient({ chain, transport: http() });
  return reader.readContract({
    address: token as `0x${string}`,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [owner],
  });
}

describe("paying on real local chains", () => {
  it("deposits on Arbitrum and receives exactly 25 USDC on Base", async () => {
    const funded = srv.testAccounts[1]; // one account per test
    const arbitrum = srv.chains[42161]?.chain;
    if (funded === undefined || arbitrum === undefined) throw new Error("no local chains");
    const account = privateKeyToAccount(funded.privateKey);
    const wallet = createWalletClient({ account, chain: arbitrum, transport: http() });
    const before = await usdcOf(8453, USDC_BASE, account.address);

    // EXACT_OUTPUT: the input is the service's price, so the caller states the most it pays.
    const maxAmount = 26_000_000n;
    const committed = await client.quoteAndCommit(
      {
        ownerAddress: account.address,
        tradeType: "EXACT_OUTPUT",
        originChainId: 42161,
        originTokenAddress: USDC_ARBITRUM,
        destinationChainId: 8453,
        destinationTokenAddress: USDC_BASE,
        destinationTokenAmount: 25_000_000n,
      },
      { maxAmount },
    );
    const { depositTransactionHash } = await executeWithWallet(client, {
      ...committed,
      wallet,
      maxAmount,
    });
    const final = await client.waitForIntent(committed.intentId, { timeoutMs: 30_000 });

    expect(final.status).toBe("SUCCEEDED");
    expect(depositTransactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await usdcOf(8453, USDC_BASE, account.address)) - before).toBe(25_000_000n);
  }, 60_000);
});
