/**
 * The way out for stranded money: what is left at an intent address that can no longer execute
 * (a short deposit, a deposit split in two transfers, the excess of an overpayment, a deposit sent
 * after the window closed, what a FAILED execution left, another token or native currency sent to
 * the address) goes back to the owner in a real transaction once the intent's
 * `timedRefundUnlockTimestamp` passes on the server's (manual) clock, and the receipt says so.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Intent, IntentReceipt } from "../../../generated/types.js";
import {
  type DevServer,
  type ManualClock,
  manualClock,
  type TestAccount,
} from "../../../src/devserver/index.js";
import { type IntentClient, isServiceError } from "../../../src/index.js";
import { balanceOf, publicClient, rpcCall } from "../../kit/chains/chain.js";
import {
  clientOf,
  committed,
  deposit,
  NATIVE,
  pay,
  receiptWhen,
  testAccount,
  USDC_ARB,
  USDC_BASE,
  USDT_ARB,
  usdcArbToBase,
} from "../../kit/chains/flow.js";
import { startServer } from "../../kit/server.js";

let srv: DevServer;
let client: IntentClient;
let clock: ManualClock;
beforeAll(async () => {
  clock = manualClock(Date.now());
  srv = await startServer({ chains: true, rateLimit: false, clock: clock.now, faults: true });
  client = clientOf(srv);
});
afterAll(() => srv?.close());

const account = (i: number) => testAccount(srv, i);
const usdc = (address: string) => balanceOf(publicClient(srv, 42161), USDC_ARB, address);

/** Moves the clock past the intent's refund unlock time. */
function unlock(intent: Intent): void {
  const at = (intent.timedRefundUnlockTimestamp as number) * 1000;
  clock.set(Math.max(clock.now(), at + 1000));
}

/** The refund row is a mined transfer from the intent address to the owner, for `amount`. */
async function expectRefundOnChain(r: IntentReceipt, intent: Intent, amount: bigint) {
  const row = r.refundTransaction;
  expect(row?.status).toBe("SUCCEEDED");
  expect(row?.tokenAmount).toBe(amount);
  expect(row?.toAddress).toBe(intent.ownerAddress);
  const onChain = await publicClient(srv, 42161).getTransactionReceipt({
    hash: row?.txnHash as `0x${string}`,
  });
  expect(onChain.status).toBe("success");
  expect(onChain.from.toLowerCase()).toBe(intent.originIntentAddress.toLowerCase());
  expect(await usdc(intent.originIntentAddress)).toBe(0n);
}

describe("stranded money goes back after the unlock time", () => {
  it("refunds a short deposit that ExecuteIntent refused", async () => {
    const owner = account(2);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const before = await usdc(owner.address);
    const short = intent.depositTransaction.amount - 1n;
    const { hash } = await deposit(srv, owner, intent, short);
    const refused = await client
      .executeIntent({ intentId: intent.intentId, depositTransactionHash: hash })
      .catch((e: unknown) => e);
    expect(isServiceError(refused, "InvalidArgument")).toBe(true);
    expect(await usdc(owner.address)).toBe(before - short);
    // Not before the unlock time: the window passing is not enough.
    clock.advance(11 * 60_000);
    await new Promise((res) => setTimeout(res, 600));
    expect((await client.getIntent({ intentId: intent.intentId })).intent.status).toBe("COMMITTED");
    unlock(intent);
    const r = await receiptWhen(
      client,
      intent.intentId,
      (x) => x.status === "REFUNDED" && x.refundTransaction?.status === "SUCCEEDED",
    );
    await expectRefundOnChain(r, intent, short);
    expect(await usdc(owner.address)).toBe(before);
    expect((await client.getIntent({ intentId: intent.intentId })).intent.status).toBe("REFUNDED");
  });

  it("refunds a deposit split in two transfers, both at once", async () => {
    const owner = account(3);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const before = await usdc(owner.address);
    const amount = intent.depositTransaction.amount;
    await deposit(srv, owner, intent, amount / 2n);
    await deposit(srv, owner, intent, amount - amount / 2n);
    unlock(intent);
    const r = await receiptWhen(
      client,
      intent.intentId,
      (x) => x.status === "REFUNDED" && x.refundTransaction?.status === "SUCCEEDED",
    );
    await expectRefundOnChain(r, intent, amount);
    expect(await usdc(owner.address)).toBe(before);
  });

  it("pays an overpayment out and sends the excess back, the intent SUCCEEDED", async () => {
    const owner = account(4);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const before = await usdc(owner.address);
    const recipientBefore = await balanceOf(publicClient(srv, 8453), USDC_BASE, owner.address);
    const excess = 1_234_567n;
    const amount = intent.depositTransaction.amount;
    const { hash } = await deposit(srv, owner, intent, amount + excess);
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    await receiptWhen(client, intent.intentId, (x) => x.status === "SUCCEEDED");
    expect(await usdc(intent.originIntentAddress)).toBe(excess);
    unlock(intent);
    const r = await receiptWhen(
      client,
      intent.intentId,
      (x) => x.refundTransaction?.status === "SUCCEEDED",
    );
    expect(r.status).toBe("SUCCEEDED");
    await expectRefundOnChain(r, intent, excess);
    expect(await usdc(owner.address)).toBe(before - amount);
    expect(await balanceOf(publicClient(srv, 8453), USDC_BASE, owner.address)).toBe(
      recipientBefore + intent.quote.toAmount,
    );
  });

  it("refunds a deposit sent after the execution window closed", async () => {
    const owner = account(5);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const before = await usdc(owner.address);
    clock.advance(11 * 60_000);
    const amount = intent.depositTransaction.amount;
    const { hash } = await deposit(srv, owner, intent, amount);
    const late = await client
      .executeIntent({ intentId: intent.intentId, depositTransactionHash: hash })
      .catch((e: unknown) => e);
    expect(isServiceError(late, "QuoteExpired")).toBe(true);
    unlock(intent);
    const r = await receiptWhen(
      client,
      intent.intentId,
      (x) => x.status === "REFUNDED" && x.refundTransaction?.status === "SUCCEEDED",
    );
    await expectRefundOnChain(r, intent, amount);
    expect(await usdc(owner.address)).toBe(before);
    // A second late deposit is sent back too, once: the receipt then shows the latest refund.
    await deposit(srv, owner, intent, 7n);
    const again = await receiptWhen(
      client,
      intent.intentId,
      (x) => x.refundTransaction?.tokenAmount === 7n && x.refundTransaction.status === "SUCCEEDED",
    );
    await expectRefundOnChain(again, intent, 7n);
    expect(again.refundTransaction?.txnHash).not.toBe(r.refundTransaction?.txnHash);
    expect(await usdc(owner.address)).toBe(before);
  });
});

describe("after a FAILED execution", () => {
  it("refunds a deposit whose execution failed when its origin transaction left the chain", async () => {
    const owner = account(1);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const before = await usdc(owner.address);
    const { hash } = await deposit(srv, owner, intent);
    // The origin chain goes back to just after the deposit, once the deposit has moved on.
    const snapshot = await rpcCall(srv, 42161, "evm_snapshot");
    srv.injectFaults([{ operation: "ExecuteIntent", fault: "payout-delayed:1500" }]);
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    await receiptWhen(client, intent.intentId, (x) => x.originTransaction.status === "SUCCEEDED");
    expect(await rpcCall(srv, 42161, "evm_revert", [snapshot])).toBe(true);
    const failed = await receiptWhen(client, intent.intentId, (x) => x.status !== "EXECUTING");
    expect(failed.status).toBe("FAILED");
    expect(failed.originTransaction.status).toBe("FAILED");
    expect(failed.depositTransaction.status).toBe("SUCCEEDED");
    expect(await usdc(intent.originIntentAddress)).toBe(intent.depositTransaction.amount);
    unlock(intent);
    const r = await receiptWhen(
      client,
      intent.intentId,
      (x) => x.status === "REFUNDED" && x.refundTransaction?.status === "SUCCEEDED",
    );
    await expectRefundOnChain(r, intent, intent.depositTransaction.amount);
    expect(await usdc(owner.address)).toBe(before);
  });
});

describe("native currency", () => {
  it("sends the excess of a native overpayment back, not the service's gas money", async () => {
    const owner = account(7);
    const intent = await committed(
      client,
      usdcArbToBase(owner.address, {
        originTokenAddress: NATIVE,
        destinationTokenAddress: NATIVE,
        originTokenAmount: 10n ** 16n,
      }),
    );
    const arb = publicClient(srv, 42161);
    const excess = 123_456_789n;
    const { hash } = await deposit(srv, owner, intent, intent.depositTransaction.amount + excess);
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    await receiptWhen(client, intent.intentId, (x) => x.status === "SUCCEEDED");
    const held = await arb.getBalance({ address: owner.address as `0x${string}` });
    unlock(intent);
    const r = await receiptWhen(
      client,
      intent.intentId,
      (x) => x.refundTransaction?.status === "SUCCEEDED",
    );
    expect(r.status).toBe("SUCCEEDED");
    expect(r.refundTransaction?.tokenAmount).toBe(excess);
    expect(await arb.getBalance({ address: owner.address as `0x${string}` })).toBe(held + excess);
    // Nothing more is the owner's: no second refund follows.
    await new Promise((res) => setTimeout(res, 800));
    const later = (await client.getIntentReceipt({ intentId: intent.intentId })).intentReceipt;
    expect(later.refundTransaction?.txnHash).toBe(r.refundTransaction?.txnHash);
  });
});

describe("any asset at an intent address after the unlock", () => {
  /** The receipt's refund row is a mined transfer of `amount` of `token` to the owner. */
  async function expectAssetBack(r: IntentReceipt, intent: Intent, token: string, amount: bigint) {
    const row = r.refundTransaction;
    expect(row?.status).toBe("SUCCEEDED");
    expect(row?.tokenAddress).toBe(token);
    expect(row?.tokenAmount).toBe(amount);
    expect(row?.toAddress).toBe(intent.ownerAddress);
    const hash = row?.txnHash as `0x${string}`;
    const arb = publicClient(srv, 42161);
    const mined = await arb.getTransactionReceipt({ hash });
    expect(mined.status).toBe("success");
    expect(mined.from.toLowerCase()).toBe(intent.originIntentAddress.toLowerCase());
    const tx = await arb.getTransaction({ hash });
    if (token === NATIVE) {
      expect(tx.to?.toLowerCase()).toBe(intent.ownerAddress.toLowerCase());
      expect(tx.value).toBe(amount);
    } else expect(tx.to?.toLowerCase()).toBe(token.toLowerCase());
  }

  it("sends USDT and native ETH at an executed USDC intent's address back, each with its hash", async () => {
    const owner = account(0);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const arb = publicClient(srv, 42161);
    const { hash } = await deposit(srv, owner, intent);
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    await receiptWhen(client, intent.intentId, (x) => x.status === "SUCCEEDED");
    const usdt = () => balanceOf(arb, USDT_ARB, owner.address);
    const usdtBefore = await usdt();
    await pay(srv, owner, 42161, USDT_ARB, intent.originIntentAddress, 3_000_000n);
    unlock(intent);
    const r = await receiptWhen(
      client,
      intent.intentId,
      // The row is written PENDING when the refund is sent: wait until it is mined.
      (x) =>
        x.refundTransaction?.tokenAddress === USDT_ARB &&
        x.refundTransaction.status === "SUCCEEDED",
    );
    await expectAssetBack(r, intent, USDT_ARB, 3_000_000n);
    expect(r.status).toBe("SUCCEEDED");
    expect(await usdt()).toBe(usdtBefore);
    expect(await balanceOf(arb, USDT_ARB, intent.originIntentAddress)).toBe(0n);
    // Native currency next: exactly what the owner sent, not the service's gas money there.
    const eth = 10n ** 15n + 7n;
    await pay(srv, owner, 42161, NATIVE, intent.originIntentAddress, eth);
    const held = await arb.getBalance({ address: owner.address as `0x${string}` });
    const n = await receiptWhen(
      client,
      intent.intentId,
      (x) =>
        x.refundTransaction?.tokenAddress === NATIVE && x.refundTransaction.status === "SUCCEEDED",
    );
    await expectAssetBack(n, intent, NATIVE, eth);
    expect(await arb.getBalance({ address: owner.address as `0x${string}` })).toBe(held + eth);
    // The deposit the intent paid out is not refunded: the intent address holds no USDC.
    expect(await usdc(intent.originIntentAddress)).toBe(0n);
    expect(n.status).toBe("SUCCEEDED");
  });

  it("refunds USDT sent to a USDC intent that never executed; the intent ends REFUNDED", async () => {
    const owner = account(6);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const arb = publicClient(srv, 42161);
    const before = await balanceOf(arb, USDT_ARB, owner.address);
    await pay(srv, owner, 42161, USDT_ARB, intent.originIntentAddress, 4_000_000n);
    unlock(intent);
    const r = await receiptWhen(
      client,
      intent.intentId,
      (x) => x.status === "REFUNDED" && x.refundTransaction?.status === "SUCCEEDED",
    );
    await expectAssetBack(r, intent, USDT_ARB, 4_000_000n);
    expect(await balanceOf(arb, USDT_ARB, owner.address)).toBe(before);
  });
});

describe("a refund across a restart", () => {
  const dir = mkdtempSync(join(tmpdir(), "xi-stranded-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("finds a refund sent before a crash by the intent address's nonce, and does not send it again", async () => {
    const file = join(dir, "state.jsonl");
    const c = manualClock(Date.now());
    const start = () =>
      startServer({ chains: true, rateLimit: false, clock: c.now, stateFile: file });
    let s = await start();
    const owner = s.testAccounts[6] as TestAccount;
    let cl = clientOf(s);
    const intent = await committed(cl, usdcArbToBase(owner.address));
    const arb = () => publicClient(s, 42161);
    const before = await balanceOf(arb(), USDC_ARB, owner.address);
    await deposit(s, owner, intent, 5_000_000n);
    c.set((intent.timedRefundUnlockTimestamp as number) * 1000 + 1000);
    const refunded = await receiptWhen(cl, intent.intentId, (x) => x.status === "REFUNDED");
    const hash = refunded.refundTransaction?.txnHash;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    await s.close();
    // As if the process died after sending the refund and before recording it mined.
    const lines = readFileSync(file, "utf8").trim().split("\n");
    const last = lines
      .map((l) => JSON.parse(l))
      .filter((e) => e.t === "recovery" && e.id === intent.intentId)
      .pop();
    const entry = last.recovery.refunds[0];
    entry.status = "PENDING";
    delete entry.hash;
    delete entry.minedAt;
    appendFileSync(file, `${JSON.stringify(last)}\n`);

    s = await start();
    try {
      cl = clientOf(s);
      const r = await receiptWhen(
        cl,
        intent.intentId,
        (x) => x.refundTransaction?.status === "SUCCEEDED",
      );
      expect(r.status).toBe("REFUNDED");
      expect(r.refundTransaction?.txnHash).toBe(hash);
      expect(await balanceOf(arb(), USDC_ARB, owner.address)).toBe(before);
      expect(
        await arb().getTransactionCount({ address: intent.originIntentAddress as `0x${string}` }),
      ).toBe(1);
    } finally {
      await s.close();
    }
  });
});
