/**
 * Finality on the dev server's chains: a deposit that leaves the chain after ExecuteIntent
 * accepted it (`evm_revert`) is never paid out, and no receipt ends SUCCEEDED with a transaction
 * that is not on chain; with `confirmations: N` a deposit is moved on only once N blocks deep, and
 * paid out only once the origin transaction is N blocks deep too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IntentReceipt } from "../../../generated/types.js";
import type { DevServer } from "../../../src/devserver/index.js";
import type { IntentClient } from "../../../src/index.js";
import { balanceOf, publicClient, rpcCall } from "../../kit/chains/chain.js";
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

let srv: DevServer;
let client: IntentClient;
beforeAll(async () => {
  srv = await startServer({ chains: true, rateLimit: false, faults: true, confirmations: 3 });
  client = clientOf(srv);
});
afterAll(() => srv?.close());

const account = (i: number) => testAccount(srv, i);

/** Every transaction the receipt shows SUCCEEDED with a hash is mined on its chain. */
async function expectShownOnChain(r: IntentReceipt) {
  const rows = [r.depositTransaction, r.originTransaction, r.destinationTransaction];
  for (const t of rows) {
    if (t === undefined || t.status !== "SUCCEEDED") continue;
    const hash = t.txnHash as `0x${string}`;
    const mined = await publicClient(srv, t.chainId)
      .getTransactionReceipt({ hash })
      .catch(() => undefined);
    expect(mined?.status, `${t.type} ${hash}`).toBe("success");
  }
}

describe("finality", () => {
  it("does not pay out a deposit that evm_revert removed after ExecuteIntent accepted it", async () => {
    const owner = account(2);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const before = await balanceOf(publicClient(srv, 42161), USDC_ARB, owner.address);
    const paidBefore = await balanceOf(publicClient(srv, 8453), USDC_BASE, owner.address);
    const snapshot = await rpcCall(srv, 42161, "evm_snapshot");
    const { hash } = await deposit(srv, owner, intent);
    await rpcCall(srv, 42161, "anvil_mine", ["0x2"]);
    srv.injectFaults([{ operation: "ExecuteIntent", fault: "payout-delayed:2000" }]);
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    // The origin transaction, too, is 3 blocks deep before the execution goes on.
    await receiptWhen(client, intent.intentId, (x) => x.originTransaction.status === "MINING");
    await rpcCall(srv, 42161, "anvil_mine", ["0x2"]);
    // The deposit accepted and moved on; the payout held.
    const held = await receiptWhen(
      client,
      intent.intentId,
      (x) => x.originTransaction.status === "SUCCEEDED",
    );
    expect(held.status).toBe("EXECUTING");
    expect(held.destinationTransaction?.status).toBe("PENDING");
    expect(await rpcCall(srv, 42161, "evm_revert", [snapshot])).toBe(true);
    const r = await receiptWhen(client, intent.intentId, (x) => x.status !== "EXECUTING");
    expect(r.status).toBe("FAILED");
    expect(r.depositTransaction.status).toBe("FAILED");
    expect(r.depositTransaction.statusReason).toMatch(/no longer on the chain/);
    expect(r.destinationTransaction?.txnHash).toBeUndefined();
    await expectShownOnChain(r);
    // Nothing paid, nothing taken: the owner's money never left (the chain forgot the deposit).
    expect(await balanceOf(publicClient(srv, 8453), USDC_BASE, owner.address)).toBe(paidBefore);
    expect(await balanceOf(publicClient(srv, 42161), USDC_ARB, owner.address)).toBe(before);
  });

  it("pays a deposit out only once it and the origin transaction are `confirmations` blocks deep", async () => {
    const owner = account(3);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const { hash } = await deposit(srv, owner, intent);
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    const waiting = await receiptWhen(
      client,
      intent.intentId,
      (x) => x.depositTransaction.status === "MINING",
    );
    expect(waiting.status).toBe("EXECUTING");
    expect(waiting.depositTransaction.statusReason).toMatch(/3 blocks deep/);
    await new Promise((res) => setTimeout(res, 300));
    const still = (await client.getIntentReceipt({ intentId: intent.intentId })).intentReceipt;
    expect(still.originTransaction.status).toBe("ON_HOLD");
    await rpcCall(srv, 42161, "anvil_mine", ["0x2"]);
    // The origin transaction waits for its own 3 blocks: nothing is paid out before.
    const moved = await receiptWhen(
      client,
      intent.intentId,
      (x) => x.originTransaction.status === "MINING",
    );
    expect(moved.depositTransaction.status).toBe("SUCCEEDED");
    expect(moved.originTransaction.statusReason).toMatch(/3 blocks deep/);
    await new Promise((res) => setTimeout(res, 300));
    const unpaid = (await client.getIntentReceipt({ intentId: intent.intentId })).intentReceipt;
    expect(unpaid.status).toBe("EXECUTING");
    expect(unpaid.destinationTransaction?.txnHash).toBeUndefined();
    await rpcCall(srv, 42161, "anvil_mine", ["0x2"]);
    const r = await receiptWhen(client, intent.intentId, (x) => x.status !== "EXECUTING");
    expect(r.status).toBe("SUCCEEDED");
    expect(r.depositTransaction.statusReason).toBeUndefined();
    expect(r.originTransaction.statusReason).toBeUndefined();
    await expectShownOnChain(r);
  });

  it("refuses a confirmations count that is not a whole number of blocks from 1 to 1000", async () => {
    for (const bad of [0, -1, 1.5, 1001, Number.NaN])
      await expect(startServer({ confirmations: bad })).rejects.toThrow(
        /confirmations must be a whole number of blocks from 1 to 1000/,
      );
  });
});
