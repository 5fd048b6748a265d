/**
 * What happened on chain is what is reported: a deposit sped up in the wallet (same nonce, a
 * higher fee) is followed to the transaction that was mined, whose hash ExecuteIntent receives;
 * and `confirmations: 0` returns as soon as the hash is known, before anything is mined.
 */
import { getTransaction, sendTransaction } from "viem/actions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import type { IntentClient } from "../../../src/index.js";
import { executeWithWallet, memoryDepositStore, sendDeposit } from "../../../src/wallet/index.js";
import { rpcAt } from "../../kit/chains/chain.js";
import {
  balance,
  chainOf,
  clients,
  request,
  service,
  testAccount,
  USDC_ARB,
} from "../../kit/wallet/setup.js";

const AMOUNT = 4_000_000n;
let srv: DevServer;
let client: IntentClient;
let key: `0x${string}`;
let owner: `0x${string}`;
let rpcUrl: string;

beforeAll(async () => {
  ({ srv, client } = await service(true));
  ({ key, owner } = testAccount(srv, 6));
  rpcUrl = srv.chains[42161]?.rpcUrl as string;
}, 30_000);
afterAll(async () => {
  await rpcAt(rpcUrl, "evm_setAutomine", [true]).catch(() => {});
  await srv?.close();
});

/** Resolves with the hash `onProgress` reports as sent. */
function sentHash(): {
  onProgress: (p: { step: string; hash?: string }) => void;
  hash: Promise<`0x${string}`>;
} {
  let resolve: (h: `0x${string}`) => void = () => {};
  const hash = new Promise<`0x${string}`>((r) => {
    resolve = r;
  });
  return {
    onProgress: (p) => {
      if (p.step === "sent" && p.hash) resolve(p.hash as `0x${string}`);
    },
    hash,
  };
}

describe("deposits as the chain has them", () => {
  it("a deposit sped up in the wallet: ExecuteIntent receives the mined hash, SUCCEEDED", async () => {
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    const { wallet, reader } = clients(chainOf(srv, 42161), key);
    const before = await balance(srv, 42161, USDC_ARB, owner);
    await rpcAt(rpcUrl, "evm_setAutomine", [false]);
    const sent = sentHash();
    const running = executeWithWallet(client, {
      ...c,
      wallet,
      store: memoryDepositStore(),
      onProgress: sent.onProgress,
    });
    const first = await sent.hash;
    // The SDK has seen the pending transaction; the wallet now speeds it up (same nonce, twice
    // the fee), and the faster one is mined.
    await new Promise((r) => setTimeout(r, 300));
    const t = await getTransaction(reader, { hash: first });
    const faster = await sendTransaction(wallet, {
      account: wallet.account ?? owner,
      chain: wallet.chain,
      to: t.to ?? undefined,
      data: t.input,
      value: t.value,
      gas: t.gas,
      nonce: t.nonce,
      maxFeePerGas: (t.maxFeePerGas ?? 1n) * 2n,
      maxPriorityFeePerGas: (t.maxPriorityFeePerGas ?? 1n) * 2n + 1n,
    });
    expect(faster).not.toBe(first);
    await rpcAt(rpcUrl, "evm_mine");
    await rpcAt(rpcUrl, "evm_setAutomine", [true]);
    const r = await running;
    expect(r.depositTransactionHash).toBe(faster);
    expect((await client.waitForIntent(c.intentId)).status).toBe("SUCCEEDED");
    const receipt = await client.getIntentReceipt({ intentId: c.intentId });
    expect(receipt.intentReceipt.depositTransaction.txnHash?.toLowerCase()).toBe(
      faster.toLowerCase(),
    );
    expect(before - (await balance(srv, 42161, USDC_ARB, owner))).toBe(AMOUNT);
  }, 60_000);

  it("confirmations: 0 returns once the hash is known, nothing mined yet", async () => {
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    const { wallet, reader } = clients(chainOf(srv, 42161), key);
    await rpcAt(rpcUrl, "evm_setAutomine", [false]);
    try {
      const { hash } = await sendDeposit({
        intent: c.intent,
        wallet,
        confirmations: 0,
        store: memoryDepositStore(),
      });
      expect((await getTransaction(reader, { hash })).blockNumber).toBeNull();
    } finally {
      await rpcAt(rpcUrl, "evm_setAutomine", [true]);
      await rpcAt(rpcUrl, "evm_mine");
    }
  }, 60_000);
});
