/**
 * A pending deposit counts as made. With automine paused on the origin chain, the first caller's
 * deposit waits in the pool; a second caller with a store of its own (another process, another
 * device) finds it there through its wallet's node and reuses it: paid once, 10 of 10, and the
 * second caller is told the first deposit's hash. The account's other pending transactions are
 * waited for, within the bound, and still pending at the bound nothing is sent.
 */
import { sendTransaction } from "viem/actions";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import type { IntentClient } from "../../../src/index.js";
import {
  type DepositOutcomeUnknownError,
  type DepositProgress,
  executeWithWallet,
  memoryDepositStore,
  sendDeposit,
} from "../../../src/wallet/index.js";
import { rpcAt } from "../../kit/chains/chain.js";
import { tempDirs } from "../../kit/temp-dirs.js";
import { payer } from "../../kit/wallet/payer.js";
import {
  chainOf,
  clients,
  request,
  service,
  testAccount,
  USDC_ARB,
  walletState,
} from "../../kit/wallet/setup.js";

const TRIALS = 10;
const AMOUNT = 4_000_000n;
let srv: DevServer;
let client: IntentClient;
let rpcUrl: string;
const tempDir = tempDirs("pending-");

beforeAll(async () => {
  ({ srv, client } = await service(true));
  rpcUrl = srv.chains[42161]?.rpcUrl as string;
}, 30_000);
afterEach(async () => {
  await rpcAt(rpcUrl, "evm_setAutomine", [true]);
});
afterAll(() => srv?.close());

/** Resolves once `check` holds, asking every 20 ms (at most `ms`). */
async function until(check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("the condition never held");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const pendingOf = async (owner: string) =>
  Number(await rpcAt(rpcUrl, "eth_getTransactionCount", [owner, "pending"]));

describe("the first deposit pending, a second caller with its own store", () => {
  it(`in one process, two stores, ${TRIALS} times: paid once, the second told the pending hash`, async () => {
    const { key, owner } = testAccount(srv, 2);
    const { wallet } = clients(chainOf(srv, 42161), key);
    for (let trial = 0; trial < TRIALS; trial++) {
      const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
      const before = await walletState(srv, 42161, USDC_ARB, owner);
      await rpcAt(rpcUrl, "evm_setAutomine", [false]);
      const seen: [DepositProgress[], DepositProgress[]] = [[], []];
      const first = executeWithWallet(client, {
        ...c,
        wallet,
        store: memoryDepositStore(),
        onProgress: (p) => seen[0].push(p),
      });
      await until(async () => (await pendingOf(owner)) > before.nonce);
      // In one process, calls for one intent share one attempt: the second caller here is
      // sendDeposit, which keeps its own (a second device with a store of its own).
      const second = sendDeposit({
        intent: c.intent,
        wallet,
        store: memoryDepositStore(),
        onProgress: (p) => seen[1].push(p),
      });
      // Nothing is mined yet: the second caller already knows the first deposit's hash.
      await until(() => seen[1].some((p) => p.step === "sent"));
      const sentFirst = seen[0].find((p) => p.step === "sent");
      const sentSecond = seen[1].find((p) => p.step === "sent");
      expect(sentSecond).toMatchObject({ hash: sentFirst?.hash, reused: true });
      expect(seen[1].some((p) => p.step === "sign")).toBe(false);
      await rpcAt(rpcUrl, "evm_mine");
      await rpcAt(rpcUrl, "evm_setAutomine", [true]);
      const [a, b] = await Promise.all([first, second]);
      expect(b.hash).toBe(a.depositTransactionHash);
      expect([a.reused, b.reused]).toEqual([false, true]);
      const after = await walletState(srv, 42161, USDC_ARB, owner);
      expect(after.nonce, `trial ${trial}`).toBe(before.nonce + 1);
      expect(before.balance - after.balance, `trial ${trial}`).toBe(AMOUNT);
    }
  }, 300_000);

  it(`two processes, two file stores, ${TRIALS} times: paid once, one hash for both`, async () => {
    const { key, owner } = testAccount(srv, 3);
    const args = [srv.url, srv.accessKey, rpcUrl, "42161", key];
    const [a, b] = await Promise.all([payer(args), payer(args)]);
    try {
      for (let trial = 0; trial < TRIALS; trial++) {
        const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
        const before = await walletState(srv, 42161, USDC_ARB, owner);
        await rpcAt(rpcUrl, "evm_setAutomine", [false]);
        const first = a.pay(c.intentId, tempDir());
        await until(async () => (await pendingOf(owner)) > before.nonce);
        const second = b.pay(c.intentId, tempDir());
        // The second process's look at the pool happens while nothing is mined.
        await new Promise((r) => setTimeout(r, 1_000));
        await rpcAt(rpcUrl, "evm_mine");
        await rpcAt(rpcUrl, "evm_setAutomine", [true]);
        const [ra, rb] = await Promise.all([first, second]);
        expect(ra.error, `trial ${trial}, first: ${ra.message}`).toBeUndefined();
        expect(rb.error, `trial ${trial}, second: ${rb.message}`).toBeUndefined();
        expect(rb.hash).toBe(ra.hash);
        expect([ra.reused, rb.reused]).toEqual([false, true]);
        const after = await walletState(srv, 42161, USDC_ARB, owner);
        expect(after.nonce, `trial ${trial}`).toBe(before.nonce + 1);
        expect(before.balance - after.balance, `trial ${trial}`).toBe(AMOUNT);
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 300_000);
});

describe("the account's other transactions pending", () => {
  it("still pending at the bound: nothing sent, DepositOutcomeUnknown naming account and nonces", async () => {
    const { key, owner } = testAccount(srv, 4);
    const { wallet } = clients(chainOf(srv, 42161), key);
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    const before = await walletState(srv, 42161, USDC_ARB, owner);
    await rpcAt(rpcUrl, "evm_setAutomine", [false]);
    // Not a deposit: a transfer of nothing to the account itself, waiting in the pool.
    await sendTransaction(wallet, {
      account: wallet.account ?? owner,
      chain: wallet.chain,
      to: owner,
      value: 0n,
    });
    const steps: DepositProgress[] = [];
    const e = await executeWithWallet(client, {
      ...c,
      wallet,
      store: memoryDepositStore(),
      pendingTimeoutMs: 300,
      onProgress: (p) => steps.push(p),
    }).catch((x: unknown) => x as DepositOutcomeUnknownError);
    expect((e as Error).name).toBe("DepositOutcomeUnknownError");
    expect((e as Error).message).toContain(owner);
    expect((e as Error).message).toContain(`nonces ${before.nonce}`);
    expect(steps.find((p) => p.step === "pending")).toMatchObject({
      pending: 1,
      nonces: [before.nonce],
    });
    expect(steps.some((p) => p.step === "sign")).toBe(false);
    expect(await pendingOf(owner)).toBe(before.nonce + 1); // only the self-transfer
    // Once it is mined, the deposit is paid, once.
    await rpcAt(rpcUrl, "evm_mine");
    await rpcAt(rpcUrl, "evm_setAutomine", [true]);
    const r = await executeWithWallet(client, { ...c, wallet, store: memoryDepositStore() });
    expect(r.reused).toBe(false);
    const after = await walletState(srv, 42161, USDC_ARB, owner);
    expect(after.nonce).toBe(before.nonce + 2);
    expect(before.balance - after.balance).toBe(AMOUNT);
  }, 60_000);
});
