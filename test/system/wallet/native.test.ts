/**
 * The wallet step with native ETH on the dev server's local chains: the deposit is
 * sent exactly once, as instructed, and every refusal leaves the wallet's nonce and balance as
 * they were.
 */

import type { Chain } from "viem";
import { getTransaction, getTransactionCount, getTransactionReceipt } from "viem/actions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Intent } from "../../../generated/types.js";
import type { DevServer } from "../../../src/devserver/index.js";
import type { IntentClient } from "../../../src/index.js";
import {
  DepositMismatchError,
  DepositOutcomeUnknownError,
  type DepositProgress,
  DepositRejectedError,
  DepositRevertedError,
  depositKey,
  executeWithWallet,
  InsufficientBalanceError,
  memoryDepositStore,
  sendDeposit,
  WrongChainError,
} from "../../../src/wallet/index.js";
import { rpcAt } from "../../kit/chains/chain.js";
import { injectedWallet } from "../../kit/wallet/provider.js";
import {
  balance,
  chainOf,
  clients,
  NATIVE,
  request,
  service,
  testAccount,
  USDC_BASE,
  walletState,
} from "../../kit/wallet/setup.js";

const AMOUNT = 10n ** 16n;
let srv: DevServer;
let client: IntentClient;
let arb: { chain: Chain; rpcUrl: string };
let base: { chain: Chain; rpcUrl: string };
let TEST_KEY: `0x${string}`;
let owner: `0x${string}`;

beforeAll(async () => {
  ({ srv, client } = await service(true));
  const at = (id: number) => ({
    chain: chainOf(srv, id),
    rpcUrl: srv.chains[id]?.rpcUrl as string,
  });
  [arb, base] = [at(42161), at(8453)];
  ({ key: TEST_KEY, owner } = testAccount(srv, 0));
}, 30_000);
afterAll(() => srv?.close());

async function committed(from = owner) {
  return client.quoteAndCommit(request(from, NATIVE, AMOUNT));
}

/** The account's nonce and balance on the origin chain. */
function snapshot(address: `0x${string}`) {
  return walletState(srv, 42161, NATIVE, address);
}

/** What the intent address holds on the origin chain. */
function held(intent: Intent) {
  return balance(srv, 42161, NATIVE, intent.originIntentAddress);
}

describe("executeWithWallet, native ETH", () => {
  it("sends the deposit and executes to SUCCEEDED: the owner pays the deposit plus gas once, the recipient gets quote.toAmount", async () => {
    const c = await committed();
    const { wallet, reader } = clients(arb.chain, TEST_KEY);
    const before = await snapshot(owner);
    const destBefore = await balance(srv, 8453, USDC_BASE, owner);
    const steps: DepositProgress[] = [];
    const r = await executeWithWallet(client, { ...c, wallet, onProgress: (p) => steps.push(p) });
    const hash = r.depositTransactionHash as `0x${string}`;
    const receipt = await getTransactionReceipt(reader, { hash });
    const tx = await getTransaction(reader, { hash });
    expect(r.reused).toBe(false);
    expect([tx.to, tx.value, tx.input]).toEqual([
      c.intent.originIntentAddress.toLowerCase(),
      AMOUNT,
      "0x",
    ]);
    expect((await client.waitForIntent(c.intentId)).status).toBe("SUCCEEDED");
    const after = await snapshot(owner);
    expect(before.balance - after.balance).toBe(
      AMOUNT + receipt.gasUsed * receipt.effectiveGasPrice,
    );
    expect(after.nonce).toBe(before.nonce + 1);
    expect((await balance(srv, 8453, USDC_BASE, owner)) - destBefore).toBe(c.intent.quote.toAmount);
    expect(steps.map((s) => s.step)).toEqual([
      "check",
      "sign",
      "sent",
      "confirmed",
      "execute",
      "done",
    ]);
    expect(steps.find((s) => s.step === "confirmed")).toMatchObject({
      hash: r.depositTransactionHash,
      confirmations: 1,
    });
  });

  it("called twice at once: one transfer, one hash", async () => {
    const c = await committed();
    const { wallet } = clients(arb.chain, TEST_KEY);
    const before = await snapshot(owner);
    const [a, b] = await Promise.all([
      executeWithWallet(client, { ...c, wallet }),
      executeWithWallet(client, { ...c, wallet }),
    ]);
    expect(a.depositTransactionHash).toBe(b.depositTransactionHash);
    expect((await snapshot(owner)).nonce).toBe(before.nonce + 1);
    expect((await client.waitForIntent(c.intentId)).status).toBe("SUCCEEDED");
  });

  it("called twice in a row, even with separate stores: the second finds the deposit on chain", async () => {
    const c = await committed();
    const { wallet } = clients(arb.chain, TEST_KEY);
    const before = await snapshot(owner);
    const first = await executeWithWallet(client, { ...c, wallet, store: memoryDepositStore() });
    const second = await executeWithWallet(client, { ...c, wallet, store: memoryDepositStore() });
    const third = await executeWithWallet(client, { ...c, wallet });
    expect(first.reused).toBe(false);
    expect([second.reused, third.reused]).toEqual([true, true]);
    expect(second.depositTransactionHash).toBe(first.depositTransactionHash);
    expect(third.depositTransactionHash).toBe(first.depositTransactionHash);
    expect((await snapshot(owner)).nonce).toBe(before.nonce + 1);
  });

  it("refuses altered instructions before the wallet is asked: nonce and balance unchanged", async () => {
    const c = await committed();
    const { wallet } = clients(arb.chain, TEST_KEY);
    const before = await snapshot(owner);
    const other = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    const changes: ((i: Intent) => void)[] = [
      (i) => {
        i.depositTransaction.to = other;
      },
      (i) => {
        i.depositTransaction.toAddress = other;
      },
      (i) => {
        i.depositTransaction.value = AMOUNT * 2n;
      },
      (i) => {
        i.depositTransaction.amount = AMOUNT * 2n;
        i.depositTransaction.value = AMOUNT * 2n;
      },
      (i) => {
        i.depositTransaction.chainId = 8453;
      },
      (i) => {
        i.depositTransaction.data = "0x00";
      },
      (i) => {
        i.ownerAddress = other;
        i.quoteRequest.ownerAddress = other;
      },
    ];
    for (const change of changes) {
      const intent = structuredClone(c.intent);
      change(intent);
      await expect(sendDeposit({ intent, wallet })).rejects.toBeInstanceOf(DepositMismatchError);
    }
    expect(await snapshot(owner)).toEqual(before);
    expect(await held(c.intent)).toBe(0n);
  });

  it("refuses a wallet on another chain that cannot switch: WrongChainError, nothing sent", async () => {
    const c = await committed();
    const { wallet } = clients(base.chain, TEST_KEY); // a local account over HTTP to Base
    const before = await snapshot(owner);
    const e = await sendDeposit({ intent: c.intent, wallet }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(WrongChainError);
    expect(e).toMatchObject({ expectedChainId: 42161, walletChainId: 8453 });
    expect(await snapshot(owner)).toEqual(before);
    const injected = injectedWallet({
      chains: { 42161: arb.rpcUrl, 8453: base.rpcUrl },
      start: 8453,
      account: owner,
      canSwitch: false,
    });
    await expect(sendDeposit({ intent: c.intent, wallet: injected.wallet })).rejects.toBeInstanceOf(
      WrongChainError,
    );
    expect(injected.asked).not.toContain("eth_sendTransaction");
    expect(await snapshot(owner)).toEqual(before);
  });

  it("switches an injected wallet to the origin chain, then sends there", async () => {
    const c = await committed();
    const injected = injectedWallet({
      chains: { 42161: arb.rpcUrl, 8453: base.rpcUrl },
      start: 8453,
      account: owner,
    });
    const steps: string[] = [];
    const baseNonce = await getTransactionCount(clients(base.chain, TEST_KEY).reader, {
      address: owner,
    });
    const r = await sendDeposit({
      intent: c.intent,
      wallet: injected.wallet,
      onProgress: (p) => steps.push(p.step),
    });
    expect(steps).toEqual(["check", "switch-chain", "sign", "sent", "confirmed"]);
    expect(injected.chainId()).toBe(42161);
    expect(r.reused).toBe(false);
    expect(await held(c.intent)).toBe(AMOUNT);
    expect(
      await getTransactionCount(clients(base.chain, TEST_KEY).reader, { address: owner }),
    ).toBe(baseNonce);
  });

  it("refuses when the balance does not cover amount and gas: InsufficientBalanceError", async () => {
    const { key: poorKey, owner: poor } = testAccount(srv, 1);
    await rpcAt(arb.rpcUrl, "anvil_setBalance", [poor, `0x${(AMOUNT + 1000n).toString(16)}`]);
    const c = await committed(poor);
    const { wallet } = clients(arb.chain, poorKey);
    const before = await snapshot(poor);
    const e = (await sendDeposit({ intent: c.intent, wallet }).catch(
      (x: unknown) => x,
    )) as InsufficientBalanceError;
    expect(e).toBeInstanceOf(InsufficientBalanceError);
    expect(e.token).toBe(NATIVE);
    expect(e.have).toBe(AMOUNT + 1000n);
    expect(e.need).toBeGreaterThan(AMOUNT + 1000n);
    expect(await snapshot(poor)).toEqual(before);
    await rpcAt(arb.rpcUrl, "anvil_setBalance", [poor, `0x${(10n ** 22n).toString(16)}`]);
  });

  it("a refusal in the wallet (4001) is DepositRejectedError; a later attempt sends once", async () => {
    const c = await committed();
    const store = memoryDepositStore();
    const refusing = injectedWallet({
      chains: { 42161: arb.rpcUrl },
      start: 42161,
      account: owner,
      refuse: ["eth_sendTransaction"],
    });
    const before = await snapshot(owner);
    const e = await sendDeposit({ intent: c.intent, wallet: refusing.wallet, store }).catch(
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(DepositRejectedError);
    expect(await snapshot(owner)).toEqual(before);
    const key = depositKey(42161, c.intent.originIntentAddress);
    expect(await store.get(key)).toMatchObject({ state: "failed" });
    const { wallet } = clients(arb.chain, TEST_KEY);
    expect((await sendDeposit({ intent: c.intent, wallet, store })).reused).toBe(false);
    expect((await snapshot(owner)).nonce).toBe(before.nonce + 1);
    expect(await held(c.intent)).toBe(AMOUNT);
  });

  it("a deposit started with no hash and nothing on chain: DepositOutcomeUnknownError, unless told to send", async () => {
    const c = await committed();
    const store = memoryDepositStore();
    const { wallet, reader } = clients(arb.chain, TEST_KEY);
    const key = depositKey(42161, c.intent.originIntentAddress);
    const fromBlock = `${await reader.getBlockNumber()}`;
    store.set(key, {
      state: "sending",
      chainId: 42161,
      intentAddress: c.intent.originIntentAddress,
      from: owner,
      amount: `${AMOUNT}`,
      fromBlock,
      at: Date.now(),
    });
    const before = await snapshot(owner);
    await expect(sendDeposit({ intent: c.intent, wallet, store })).rejects.toBeInstanceOf(
      DepositOutcomeUnknownError,
    );
    expect(await snapshot(owner)).toEqual(before);
    const r = await sendDeposit({ intent: c.intent, wallet, store, ifOutcomeUnknown: "send" });
    expect(r.reused).toBe(false);
    expect(await store.get(key)).toMatchObject({ state: "sent", hash: r.hash });
    expect(await held(c.intent)).toBe(AMOUNT);
  });

  it("a deposit that would revert is refused unsent; one that reverts when mined is DepositRevertedError", async () => {
    const c = await committed();
    const { wallet } = clients(arb.chain, TEST_KEY);
    const target = c.intent.originIntentAddress;
    const store = memoryDepositStore();
    await rpcAt(arb.rpcUrl, "anvil_setCode", [target, "0x5f5ffd"]); // PUSH0 PUSH0 REVERT
    const before = await snapshot(owner);
    const simulated = await sendDeposit({ intent: c.intent, wallet, store }).catch(
      (x: unknown) => x,
    );
    expect(simulated).toBeInstanceOf(DepositRevertedError);
    expect((simulated as DepositRevertedError).hash).toBeUndefined();
    expect(await snapshot(owner)).toEqual(before);

    await rpcAt(arb.rpcUrl, "anvil_setCode", [target, "0x"]);
    await rpcAt(arb.rpcUrl, "evm_setAutomine", [false]);
    const mined = await sendDeposit({
      intent: c.intent,
      wallet,
      store,
      onProgress: (p) => {
        if (p.step !== "sent") return;
        void rpcAt(arb.rpcUrl, "anvil_setCode", [target, "0x5f5ffd"]).then(() =>
          rpcAt(arb.rpcUrl, "evm_mine"),
        );
      },
    }).catch((x: unknown) => x);
    await rpcAt(arb.rpcUrl, "evm_setAutomine", [true]);
    await rpcAt(arb.rpcUrl, "anvil_setCode", [target, "0x"]);
    expect(mined).toBeInstanceOf(DepositRevertedError);
    expect((mined as DepositRevertedError).hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await held(c.intent)).toBe(0n);
    // No money moved: a new attempt sends the deposit, once.
    const again = await sendDeposit({ intent: c.intent, wallet, store });
    expect(again.reused).toBe(false);
    expect(await held(c.intent)).toBe(AMOUNT);
  });
  it("finds a deposit the service already moved on (the address emptied): not paid again", async () => {
    const c = await committed();
    const { wallet } = clients(arb.chain, TEST_KEY);
    const first = await sendDeposit({ intent: c.intent, wallet, store: memoryDepositStore() });
    await rpcAt(arb.rpcUrl, "anvil_setBalance", [c.intent.originIntentAddress, "0x0"]);
    const before = await snapshot(owner);
    const again = await sendDeposit({ intent: c.intent, wallet, store: memoryDepositStore() });
    expect(again).toEqual({ hash: first.hash, reused: true });
    expect(await snapshot(owner)).toEqual(before);
  });

  it("an address already holding the amount with no transaction found is not paid again", async () => {
    const c = await committed();
    const { wallet } = clients(arb.chain, TEST_KEY);
    await rpcAt(arb.rpcUrl, "anvil_setBalance", [
      c.intent.originIntentAddress,
      `0x${AMOUNT.toString(16)}`,
    ]);
    const before = await snapshot(owner);
    const e = await sendDeposit({ intent: c.intent, wallet }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DepositOutcomeUnknownError);
    expect(await snapshot(owner)).toEqual(before);
  });
});
