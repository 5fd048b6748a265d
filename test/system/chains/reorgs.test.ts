/**
 * Reorgs of the origin transaction on the dev server's chains (`anvil_reorg`): with
 * `confirmations` 1 (the reorg comes after the payout) and 3 (it comes while the origin
 * transaction waits for its depth, and again after the payout), the user is paid once, every hash
 * the receipt shows is on chain, and the refund sweep sends nothing back after the unlock: the
 * deposit an executed intent accounts for is never refunded. A payout or a refund the chain lost
 * is sent again, once.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Intent, IntentReceipt } from "../../../generated/types.js";
import { type DevServer, type ManualClock, manualClock } from "../../../src/devserver/index.js";
import type { IntentClient } from "../../../src/index.js";
import { balanceOf, publicClient, reorgWithout, rpcCall } from "../../kit/chains/chain.js";
import {
  clientOf,
  committed,
  deposit,
  receiptWhen,
  testAccount,
  USDC_ARB,
  USDC_BASE,
  usdcArbToBase,
} from "../../kit/chains/flow.js";
import { startServer } from "../../kit/server.js";

/** Where the dev server's filler is on every local chain. */
const FILLER = "0xf111e70000000000000000000000000000000001";

const servers: DevServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

type Served = [DevServer, IntentClient, ManualClock];

/** The server with `confirmations` 1, shared by the tests that use it (each reorgs its own blocks). */
let single: Promise<Served> | undefined;
const serveSingle = () => {
  single ??= serve(1);
  return single;
};

async function serve(confirmations: number): Promise<Served> {
  const clock = manualClock(Date.now());
  const srv = await startServer({
    chains: true,
    rateLimit: false,
    clock: clock.now,
    confirmations,
  });
  servers.push(srv);
  return [srv, clientOf(srv), clock];
}

/** Polls `done` every 50 ms until it holds; throws after 15 s. */
async function until(what: string, done: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 15_000;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`still not: ${what}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

/** Each row with a hash is mined on its chain, and succeeded when the row says SUCCEEDED. */
async function expectOnChain(srv: DevServer, r: IntentReceipt) {
  const rows = [r.depositTransaction, r.originTransaction, r.destinationTransaction];
  if (r.refundTransaction !== undefined) rows.push(r.refundTransaction);
  for (const t of rows) {
    if (t?.txnHash === undefined) continue;
    const mined = (await rpcCall(srv, t.chainId, "eth_getTransactionReceipt", [t.txnHash])) as {
      status: string;
    } | null;
    if (t.status === "SUCCEEDED") expect(mined?.status, `${t.type} ${t.txnHash}`).toBe("0x1");
  }
}

/** Balances the test reads before and after: the owner's on both chains, the filler's deposits. */
async function balances(srv: DevServer, intent: Intent) {
  const arb = publicClient(srv, 42161);
  return {
    owner: await balanceOf(arb, USDC_ARB, intent.ownerAddress),
    paid: await balanceOf(publicClient(srv, 8453), USDC_BASE, intent.ownerAddress),
    filler: await balanceOf(arb, USDC_ARB, FILLER),
    address: await balanceOf(arb, USDC_ARB, intent.originIntentAddress),
  };
}

/**
 * After the unlock, the sweep has had several passes (it runs every 200 ms) and sent nothing:
 * the receipt has no refund, the balances are as after one payout.
 */
async function expectPaidOnce(
  srv: DevServer,
  client: IntentClient,
  clock: ManualClock,
  intent: Intent,
  before: Awaited<ReturnType<typeof balances>>,
) {
  clock.set((intent.timedRefundUnlockTimestamp as number) * 1000 + 1000);
  await rpcCall(srv, 42161, "anvil_mine", ["0x1"]);
  await new Promise((res) => setTimeout(res, 1200));
  const r = (await client.getIntentReceipt({ intentId: intent.intentId })).intentReceipt;
  expect(r.status).toBe("SUCCEEDED");
  expect(r.refundTransaction).toBeUndefined();
  await expectOnChain(srv, r);
  const amount = intent.depositTransaction.amount;
  expect(await balances(srv, intent)).toEqual({
    owner: before.owner - amount,
    paid: before.paid + intent.quote.toAmount,
    filler: before.filler + amount,
    address: 0n,
  });
  return r;
}

describe("a reorg of the origin transaction", () => {
  it("with confirmations 1, after the payout: sent again, paid once, nothing refunded", async () => {
    const [srv, client, clock] = await serveSingle();
    const owner = testAccount(srv, 2);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const before = await balances(srv, intent);
    const { hash } = await deposit(srv, owner, intent);
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    const done = await receiptWhen(client, intent.intentId, (x) => x.status !== "EXECUTING");
    expect(done.status).toBe("SUCCEEDED");
    const lostHash = done.originTransaction.txnHash as string;
    // The last two blocks are the gas money and the origin transaction: only the latter leaves.
    await reorgWithout(srv, 42161, 2, [lostHash]);
    expect(await rpcCall(srv, 42161, "eth_getTransactionReceipt", [lostHash])).toBeNull();
    // Sent again (maybe with the same hash: the same transaction from the same nonce).
    const mended = await receiptWhen(client, intent.intentId, (x) =>
      /sent again/.test(x.originTransaction.statusReason ?? ""),
    );
    expect(mended.originTransaction.status).toBe("SUCCEEDED");
    expect(mended.originTransaction.statusReason).toMatch(/sent again/);
    expect(mended.depositTransaction.txnHash).toBe(hash);
    await expectOnChain(srv, mended);
    await expectPaidOnce(srv, client, clock, intent, before);
  });

  it("with confirmations 3: the payout waits for the origin transaction's depth; a reorg meanwhile sends it again; one after the payout changes nothing", async () => {
    const [srv, client, clock] = await serve(3);
    const owner = testAccount(srv, 3);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const before = await balances(srv, intent);
    const { hash } = await deposit(srv, owner, intent);
    await rpcCall(srv, 42161, "anvil_mine", ["0x2"]);
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    const waiting = await receiptWhen(
      client,
      intent.intentId,
      (x) => x.originTransaction.status === "MINING",
    );
    expect(waiting.originTransaction.statusReason).toMatch(/3 blocks deep/);
    await new Promise((res) => setTimeout(res, 300));
    const held = (await client.getIntentReceipt({ intentId: intent.intentId })).intentReceipt;
    expect(held.status).toBe("EXECUTING");
    expect(held.destinationTransaction?.txnHash).toBeUndefined();
    expect((await balances(srv, intent)).paid).toBe(before.paid);
    // The origin transaction (1 deep) leaves the chain before it is 3 deep.
    const lostHash = waiting.originTransaction.txnHash as string;
    await reorgWithout(srv, 42161, 2, [lostHash]);
    // Sent again: the deposit leaves the intent address once more, and waits for its depth.
    await until("the origin transaction sent again", async () => {
      const r = (await client.getIntentReceipt({ intentId: intent.intentId })).intentReceipt;
      const t = r.originTransaction;
      if (t.status !== "MINING" || t.txnHash === undefined) return false;
      return (await rpcCall(srv, 42161, "eth_getTransactionReceipt", [t.txnHash])) !== null;
    });
    expect((await balances(srv, intent)).address).toBe(0n);
    const again = (await client.getIntentReceipt({ intentId: intent.intentId })).intentReceipt;
    expect(again.status).toBe("EXECUTING");
    expect(again.destinationTransaction?.txnHash).toBeUndefined();
    await rpcCall(srv, 42161, "anvil_mine", ["0x2"]);
    const done = await receiptWhen(client, intent.intentId, (x) => x.status !== "EXECUTING");
    expect(done.status).toBe("SUCCEEDED");
    expect(done.originTransaction.txnHash).toBe(again.originTransaction.txnHash);
    await expectOnChain(srv, done);
    // After the payout, a depth-2 reorg cannot reach an origin transaction 3 deep.
    await reorgWithout(srv, 42161, 2, []);
    await new Promise((res) => setTimeout(res, 600));
    const r = await expectPaidOnce(srv, client, clock, intent, before);
    expect(r.originTransaction.txnHash).toBe(done.originTransaction.txnHash);
  });

  it("marks a deposit the chain lost after the payout FAILED, and does not pay a lost payout again for it", async () => {
    const [srv, client] = await serveSingle();
    const owner = testAccount(srv, 4);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const { hash } = await deposit(srv, owner, intent);
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    const done = await receiptWhen(client, intent.intentId, (x) => x.status !== "EXECUTING");
    expect(done.status).toBe("SUCCEEDED");
    // Deposit, gas money and origin transaction all leave the chain.
    await reorgWithout(srv, 42161, 3, [hash, done.originTransaction.txnHash as string]);
    const r = await receiptWhen(
      client,
      intent.intentId,
      (x) => x.depositTransaction.status === "FAILED" && x.originTransaction.status === "FAILED",
    );
    expect(r.depositTransaction.statusReason).toMatch(/no longer on the chain/);
    await expectOnChain(srv, r);
    // The payout lost too: not paid again for a deposit the chain does not hold.
    const paid = (await balances(srv, intent)).paid;
    await reorgWithout(srv, 8453, 1, [done.destinationTransaction?.txnHash as string]);
    const unpaid = await receiptWhen(
      client,
      intent.intentId,
      (x) => x.destinationTransaction?.status === "FAILED",
    );
    expect(unpaid.destinationTransaction?.statusReason).toMatch(/not paid again/);
    await new Promise((res) => setTimeout(res, 600));
    expect((await balances(srv, intent)).paid).toBe(paid - intent.quote.toAmount);
    await expectOnChain(srv, unpaid);
  });

  it("after the unlock, the sweep checks the origin transaction on chain however deep the reorg", async () => {
    const [srv, client, clock] = await serveSingle();
    const owner = testAccount(srv, 7);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const before = await balances(srv, intent);
    const { hash } = await deposit(srv, owner, intent);
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    const done = await receiptWhen(client, intent.intentId, (x) => x.status !== "EXECUTING");
    expect(done.status).toBe("SUCCEEDED");
    const lostHash = done.originTransaction.txnHash as string;
    // 70 blocks later on both chains (past the receipts' own re-check), a reorg takes the origin
    // transaction.
    await new Promise((res) => setTimeout(res, 500));
    await rpcCall(srv, 42161, "anvil_mine", ["0x46"]);
    await rpcCall(srv, 8453, "anvil_mine", ["0x46"]);
    await new Promise((res) => setTimeout(res, 500));
    const mined = (await rpcCall(srv, 42161, "eth_getTransactionReceipt", [lostHash])) as {
      blockNumber: string;
    };
    const head = BigInt((await rpcCall(srv, 42161, "eth_blockNumber")) as string);
    await reorgWithout(srv, 42161, Number(head - BigInt(mined.blockNumber) + 1n), [lostHash]);
    expect(await balanceOf(publicClient(srv, 42161), USDC_ARB, intent.originIntentAddress)).toBe(
      intent.depositTransaction.amount,
    );
    const r = await expectPaidOnce(srv, client, clock, intent, before);
    expect(r.originTransaction.statusReason).toMatch(/sent again/);
  });

  it("sends a payout the destination chain lost again: the recipient is paid once", async () => {
    const [srv, client] = await serveSingle();
    const owner = testAccount(srv, 5);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const before = await balances(srv, intent);
    const { hash } = await deposit(srv, owner, intent);
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    const done = await receiptWhen(client, intent.intentId, (x) => x.status !== "EXECUTING");
    expect(done.status).toBe("SUCCEEDED");
    const lostHash = done.destinationTransaction?.txnHash as string;
    await reorgWithout(srv, 8453, 1, [lostHash]);
    expect((await balances(srv, intent)).paid).toBe(before.paid);
    await until("the payout sent again", async () => {
      return (await balances(srv, intent)).paid === before.paid + intent.quote.toAmount;
    });
    const r = await receiptWhen(client, intent.intentId, (x) =>
      /sent again/.test(x.destinationTransaction?.statusReason ?? ""),
    );
    expect(r.destinationTransaction?.status).toBe("SUCCEEDED");
    await expectOnChain(srv, r);
    expect((await balances(srv, intent)).paid).toBe(before.paid + intent.quote.toAmount);
  });
});

describe("a reorg of a refund of stranded money", () => {
  it("sends the money of a refund the chain lost back once more, no more", async () => {
    const [srv, client, clock] = await serveSingle();
    const owner = testAccount(srv, 6);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const before = await balances(srv, intent);
    await deposit(srv, owner, intent, intent.depositTransaction.amount - 1n);
    clock.set((intent.timedRefundUnlockTimestamp as number) * 1000 + 1000);
    const refunded = await receiptWhen(client, intent.intentId, (x) => x.status === "REFUNDED");
    const lostHash = refunded.refundTransaction?.txnHash as string;
    expect((await balances(srv, intent)).owner).toBe(before.owner);
    // The refund is the head block (its gas money the one before).
    await reorgWithout(srv, 42161, 1, [lostHash]);
    expect((await balances(srv, intent)).owner).toBe(
      before.owner - intent.depositTransaction.amount + 1n,
    );
    await until("the refund sent again", async () => {
      return (await balances(srv, intent)).owner === before.owner;
    });
    const r = await receiptWhen(
      client,
      intent.intentId,
      (x) => x.refundTransaction?.status === "SUCCEEDED",
    );
    expect(r.status).toBe("REFUNDED");
    await expectOnChain(srv, r);
    await rpcCall(srv, 42161, "anvil_mine", ["0x1"]);
    await new Promise((res) => setTimeout(res, 800));
    expect(await balances(srv, intent)).toEqual(before);
    const later = (await client.getIntentReceipt({ intentId: intent.intentId })).intentReceipt;
    expect(later.refundTransaction?.txnHash).toBe(r.refundTransaction?.txnHash);
  });
});
