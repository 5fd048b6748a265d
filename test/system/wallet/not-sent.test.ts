/**
 * "No deposit was made" is said only when the chain says so. A wallet that answers a send with a
 * refusal is believed only when the account's nonce is still unused (one that sent all the same
 * gets `DepositOutcomeUnknownError`, and no second payment); a deposit cancelled in the wallet
 * (a 0-value transfer to oneself at its nonce), or replaced there by another transaction, is
 * reported as no deposit once its replacement is mined: typed, recorded as failed, never given
 * to ExecuteIntent, and a later call pays once.
 */
import { getTransaction, getTransactionCount, sendTransaction } from "viem/actions";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import type { IntentClient } from "../../../src/index.js";
import {
  DepositOutcomeUnknownError,
  DepositRejectedError,
  depositKey,
  type ExecutingClient,
  executeWithWallet,
  memoryDepositStore,
  sendDeposit,
} from "../../../src/wallet/index.js";
import { rpcAt } from "../../kit/chains/chain.js";
import { injectedWallet } from "../../kit/wallet/provider.js";
import {
  balance,
  chainOf,
  clients,
  request,
  service,
  testAccount,
  testKey,
  USDC_ARB,
} from "../../kit/wallet/setup.js";

const AMOUNT = 3_000_000n;
let srv: DevServer;
let client: IntentClient;
let rpcUrl: string;

beforeAll(async () => {
  ({ srv, client } = await service(true));
  rpcUrl = srv.chains[42161]?.rpcUrl as string;
}, 30_000);
afterEach(async () => {
  await rpcAt(rpcUrl, "evm_setAutomine", [true]);
});
afterAll(() => srv?.close());

/** The owner's next nonce, pending transactions counted. */
function pendingNonce(owner: `0x${string}`): Promise<number> {
  const { reader } = clients(chainOf(srv, 42161), testKey(srv, 0));
  return getTransactionCount(reader, { address: owner, blockTag: "pending" });
}

/** The client, its ExecuteIntent calls written down (the deposit hash each was given). */
function watched(): { client: ExecutingClient; executed: string[] } {
  const executed: string[] = [];
  return {
    executed,
    client: {
      getIntent: client.getIntent.bind(client),
      getIntentReceipt: client.getIntentReceipt.bind(client),
      get clockSkewMs() {
        return client.clockSkewMs;
      },
      executeIntent: (r) => {
        executed.push(String(r.depositTransactionHash));
        return client.executeIntent(r);
      },
    },
  };
}

describe("a refusal is believed when the account's nonce is unused", () => {
  it("refused in the wallet: DepositRejectedError naming the unused nonce, recorded as failed", async () => {
    const { owner } = testAccount(srv, 7);
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    const store = memoryDepositStore();
    const refusing = injectedWallet({
      chains: { 42161: rpcUrl },
      start: 42161,
      account: owner,
      refuse: ["eth_sendTransaction"],
    });
    const nonce = await pendingNonce(owner);
    const e = await sendDeposit({ intent: c.intent, wallet: refusing.wallet, store }).catch(
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(DepositRejectedError);
    expect((e as Error).message).toContain(`nonce ${nonce} of ${owner} is unused on chain`);
    expect(await store.get(depositKey(42161, c.intent.originIntentAddress))).toMatchObject({
      state: "failed",
    });
    expect(await pendingNonce(owner)).toBe(nonce);
  }, 60_000);

  it("a wallet that sends and answers 4001: outcome unknown, no second payment, the deposit found once mined", async () => {
    const { key, owner } = testAccount(srv, 6);
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    const store = memoryDepositStore();
    const key_ = depositKey(42161, c.intent.originIntentAddress);
    const liar = injectedWallet({
      chains: { 42161: rpcUrl },
      start: 42161,
      account: owner,
      refuseAfter: ["eth_sendTransaction"],
    });
    const before = await balance(srv, 42161, USDC_ARB, owner);
    const nonce = await pendingNonce(owner);
    await rpcAt(rpcUrl, "evm_setAutomine", [false]);
    const e = await sendDeposit({ intent: c.intent, wallet: liar.wallet, store }).catch(
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(DepositOutcomeUnknownError);
    expect((e as Error).message).toContain(`nonce ${nonce} of ${owner} was used meanwhile`);
    expect(await store.get(key_)).toMatchObject({ state: "sending" });
    // The deposit it sent is still pending: a second call (an honest wallet) finds it in the pool
    // and reuses it instead of paying again.
    const { wallet, reader } = clients(chainOf(srv, 42161), key);
    const pending = await sendDeposit({ intent: c.intent, wallet, store, confirmations: 0 });
    expect(pending.reused).toBe(true);
    const tx = await getTransaction(reader, { hash: pending.hash });
    expect([tx.from.toLowerCase(), tx.nonce]).toEqual([owner.toLowerCase(), nonce]);
    expect(await pendingNonce(owner)).toBe(nonce + 1);
    await rpcAt(rpcUrl, "evm_mine");
    await rpcAt(rpcUrl, "evm_setAutomine", [true]);
    const found = await sendDeposit({ intent: c.intent, wallet, store });
    expect(found.reused).toBe(true);
    expect(before - (await balance(srv, 42161, USDC_ARB, owner))).toBe(AMOUNT);
    expect(await pendingNonce(owner)).toBe(nonce + 1);
  }, 60_000);
});

describe("a deposit replaced in the wallet by something else is no deposit", () => {
  it.each([
    ["cancelled", "a 0-value transfer to oneself"],
    ["replaced", "a transfer elsewhere"],
  ] as [string, string][])(
    "%s (%s at its nonce): typed, recorded as failed, not executed; a later call pays once",
    async (reason: string) => {
      const { key, owner } = testAccount(srv, reason === "cancelled" ? 1 : 5);
      const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
      const { wallet, reader } = clients(chainOf(srv, 42161), key);
      const store = memoryDepositStore();
      const watch = watched();
      const before = await balance(srv, 42161, USDC_ARB, owner);
      await rpcAt(rpcUrl, "evm_setAutomine", [false]);
      let sent: (h: `0x${string}`) => void = () => {};
      const first = new Promise<`0x${string}`>((r) => {
        sent = r;
      });
      const running = executeWithWallet(watch.client, {
        ...c,
        wallet,
        store,
        onProgress: (p) => {
          if (p.step === "sent" && p.hash) sent(p.hash);
        },
      }).catch((x: unknown) => x);
      const hash = await first;
      await new Promise((r) => setTimeout(r, 300));
      const t = await getTransaction(reader, { hash });
      const other = await sendTransaction(wallet, {
        account: wallet.account ?? owner,
        chain: wallet.chain,
        to: reason === "cancelled" ? owner : testAccount(srv, 4).owner,
        value: reason === "cancelled" ? 0n : 1n,
        nonce: t.nonce,
        maxFeePerGas: (t.maxFeePerGas ?? 1n) * 2n,
        maxPriorityFeePerGas: (t.maxPriorityFeePerGas ?? 1n) * 2n + 1n,
      });
      await rpcAt(rpcUrl, "evm_mine");
      await rpcAt(rpcUrl, "evm_setAutomine", [true]);
      const e = await running;
      expect(e).toBeInstanceOf(DepositRejectedError);
      expect((e as Error).message).toContain(`${reason} in the wallet`);
      expect(await store.get(depositKey(42161, c.intent.originIntentAddress))).toMatchObject({
        state: "failed",
        hash: other,
      });
      expect(watch.executed).toEqual([]);
      expect((await client.getIntent({ intentId: c.intentId })).intent.status).toBe("COMMITTED");
      expect(await balance(srv, 42161, USDC_ARB, owner)).toBe(before);

      const paid = await executeWithWallet(watch.client, { ...c, wallet, store });
      expect(paid.reused).toBe(false);
      expect(paid.depositTransactionHash).not.toBe(other);
      expect(watch.executed).toEqual([paid.depositTransactionHash]);
      expect((await client.waitForIntent(c.intentId)).status).toBe("SUCCEEDED");
      expect(before - (await balance(srv, 42161, USDC_ARB, owner))).toBe(AMOUNT);
    },
    60_000,
  );
});
