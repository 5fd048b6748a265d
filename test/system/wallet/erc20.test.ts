/**
 * The wallet step with an ERC-20 (USDC on Arbitrum to USDC on Base) on the dev server's local
 * chains: a plain transfer to the intent address, once; a permit instead of a transaction.
 */
import type { Chain } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Intent } from "../../../generated/types.js";
import type { DevServer } from "../../../src/devserver/index.js";
import type { IntentClient } from "../../../src/index.js";
import {
  DepositMismatchError,
  type DepositProgress,
  DepositRejectedError,
  executeWithWallet,
  InsufficientBalanceError,
  memoryDepositStore,
  transferCalldata,
} from "../../../src/wallet/index.js";
import { injectedWallet } from "../../kit/wallet/provider.js";
import {
  balance,
  chainOf,
  clients,
  NATIVE,
  request,
  service,
  testAccount,
  USDC_ARB,
  USDC_BASE,
  walletState,
} from "../../kit/wallet/setup.js";

const AMOUNT = 25_000_000n;
let srv: DevServer;
let client: IntentClient;
let arb: Chain;
let key: `0x${string}`;
let owner: `0x${string}`;

beforeAll(async () => {
  ({ srv, client } = await service(true));
  arb = chainOf(srv, 42161);
  ({ key, owner } = testAccount(srv, 0));
}, 30_000);
afterAll(() => srv?.close());

/** The owner's nonce and USDC on Arbitrum. */
function state() {
  return walletState(srv, 42161, USDC_ARB, owner);
}

describe("executeWithWallet, ERC-20", () => {
  it("transfers exactly the deposit, executes to SUCCEEDED, and the recipient gets quote.toAmount", async () => {
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    const { wallet } = clients(arb, key);
    const before = await state();
    const destBefore = await balance(srv, 8453, USDC_BASE, owner);
    const steps: DepositProgress["step"][] = [];
    const r = await executeWithWallet(client, {
      ...c,
      wallet,
      onProgress: (p) => steps.push(p.step),
    });
    expect(r.reused).toBe(false);
    expect(r.depositTransactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(steps).toEqual(["check", "sign", "sent", "confirmed", "execute", "done"]);
    expect((await client.waitForIntent(c.intentId)).status).toBe("SUCCEEDED");
    const after = await state();
    expect(before.balance - after.balance).toBe(c.intent.depositTransaction.amount);
    expect((await balance(srv, 8453, USDC_BASE, owner)) - destBefore).toBe(c.intent.quote.toAmount);
    expect(after.nonce).toBe(before.nonce + 1);
  });

  it("twice at once and twice in a row with separate stores: one transfer", async () => {
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    const { wallet } = clients(arb, key);
    const before = await state();
    const [a, b] = await Promise.all([
      executeWithWallet(client, { ...c, wallet, store: memoryDepositStore() }),
      executeWithWallet(client, { ...c, wallet, store: memoryDepositStore() }),
    ]);
    const later = await executeWithWallet(client, { ...c, wallet, store: memoryDepositStore() });
    expect(
      new Set([a.depositTransactionHash, b.depositTransactionHash, later.depositTransactionHash])
        .size,
    ).toBe(1);
    expect(later.reused).toBe(true);
    const after = await state();
    expect(before.balance - after.balance).toBe(AMOUNT);
    expect(after.nonce).toBe(before.nonce + 1);
    // Its payout is made before the next test reads the recipient's balance.
    expect((await client.waitForIntent(c.intentId)).status).toBe("SUCCEEDED");
  });

  it("refuses a deposit above the token balance: InsufficientBalanceError(token, have, need)", async () => {
    const { balance: have, nonce: n0 } = await state();
    const big = have + 1n;
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, big));
    const { wallet } = clients(arb, key);
    const e = (await executeWithWallet(client, { ...c, wallet }).catch(
      (x: unknown) => x,
    )) as InsufficientBalanceError;
    expect(e).toBeInstanceOf(InsufficientBalanceError);
    expect([e.token, e.have, e.need]).toEqual([
      USDC_ARB.toLowerCase(),
      have,
      c.intent.depositTransaction.amount,
    ]);
    expect(await state()).toEqual({ nonce: n0, balance: have });
    expect((await client.getIntent({ intentId: c.intentId })).intent.status).toBe("COMMITTED");
  });

  it("with a permit: no transaction from the owner; the service relays it and pays out", async () => {
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    const { wallet } = clients(arb, key);
    const before = await state();
    const destBefore = await balance(srv, 8453, USDC_BASE, owner);
    const sent: Parameters<IntentClient["executeIntent"]>[0][] = [];
    const spy = {
      getIntent: client.getIntent.bind(client),
      executeIntent: (
        r: Parameters<IntentClient["executeIntent"]>[0],
        o?: { signal?: AbortSignal },
      ) => {
        sent.push(r);
        return client.executeIntent(r, o);
      },
    };
    const steps: string[] = [];
    const r = await executeWithWallet(spy, {
      ...c,
      wallet,
      method: "permit",
      onProgress: (p) => steps.push(p.step),
    });
    expect(steps).toEqual(["check", "sign", "execute", "done"]);
    expect(r.depositTransactionHash).toBeUndefined();
    expect((await state()).nonce).toBe(before.nonce);
    const sig = sent[0]?.depositSignature;
    expect(sig?.permitAmount).toBe(AMOUNT);
    // The execute deadline, set by the chain's clock (here within a second or two of the service's).
    const deadline = Number(sig?.permitDeadline ?? 0);
    expect(Math.abs(deadline - c.executeDeadline.getTime() / 1000)).toBeLessThanOrEqual(2);
    expect(sig?.selectedGasFeeOption).toEqual(c.quote.gasFeeOptions.feeOptions[0]);
    // The service relayed the permit: the owner's USDC fell by exactly the deposit, and the
    // recipient got quote.toAmount on Base.
    expect((await client.waitForIntent(c.intentId)).status).toBe("SUCCEEDED");
    const after = await state();
    expect(before.balance - after.balance).toBe(AMOUNT);
    expect((await balance(srv, 8453, USDC_BASE, owner)) - destBefore).toBe(c.intent.quote.toAmount);
    expect(after.nonce).toBe(before.nonce);
  });

  it("a permit refused in the wallet is DepositRejectedError; nothing is executed", async () => {
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    const injected = injectedWallet({
      chains: { 42161: srv.chains[42161]?.rpcUrl as string },
      start: 42161,
      account: owner,
      refuse: ["eth_signTypedData_v4"],
    });
    const e = await executeWithWallet(client, {
      ...c,
      wallet: injected.wallet,
      method: "permit",
    }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DepositRejectedError);
    expect((await client.getIntent({ intentId: c.intentId })).intent.status).toBe("COMMITTED");
  });
  it("refuses altered instructions (address, token, amount, chain, calldata): nonce and balances unchanged", async () => {
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    const { wallet } = clients(arb, key);
    const other = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    const [before, eth0] = [await state(), await balance(srv, 42161, NATIVE, owner)];
    const changes: ((i: Intent) => void)[] = [
      (i) => {
        i.depositTransaction.toAddress = other;
      },
      (i) => {
        i.depositTransaction.tokenAddress = USDC_BASE;
      },
      (i) => {
        i.depositTransaction.amount = AMOUNT + 1n;
      },
      (i) => {
        i.depositTransaction.chainId = 8453;
      },
      (i) => {
        i.depositTransaction.data = transferCalldata(other, AMOUNT);
      },
      (i) => {
        i.depositTransaction.to = other;
      },
    ];
    for (const change of changes) {
      const intent = structuredClone(c.intent);
      change(intent);
      const e = await executeWithWallet(client, { ...c, intent, wallet }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(DepositMismatchError);
    }
    expect([await state(), await balance(srv, 42161, NATIVE, owner)]).toEqual([before, eth0]);
    expect((await client.getIntent({ intentId: c.intentId })).intent.status).toBe("COMMITTED");
  });
});
