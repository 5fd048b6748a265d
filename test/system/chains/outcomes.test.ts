/**
 * How an execution on real chains ends when the chain says so: a pending deposit keeps the
 * deposit pending until it is mined; one that reverts ends the intent FAILED; a destination call
 * that reverts ends it REFUNDED with the deposit really sent back. And the route balances are the
 * chain's.
 */
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_TOKEN_ABI } from "../../../generated/dev-token.js";
import type { DevServer } from "../../../src/devserver/index.js";
import type { IntentClient } from "../../../src/index.js";
import { balanceOf, publicClient, rpcCall, walletClient } from "../../kit/chains/chain.js";
import {
  clientOf,
  committed,
  deposit,
  pay,
  testAccount,
  transferDeposit,
  USDC_ARB,
  USDC_BASE,
  usdcArbToBase,
} from "../../kit/chains/flow.js";
import { startServer } from "../../kit/server.js";

let srv: DevServer;
let client: IntentClient;
beforeAll(async () => {
  srv = await startServer({ chains: true, rateLimit: false });
  client = clientOf(srv);
});
afterAll(() => srv?.close());

const account = (i: number) => testAccount(srv, i);

async function receipt(intentId: string) {
  return (await client.getIntentReceipt({ intentId })).intentReceipt;
}

describe("executions that the chain decides", () => {
  it("keeps a pending deposit pending until it is mined, then succeeds", async () => {
    const owner = account(2);
    const intent = await committed(client, usdcArbToBase(owner.address));
    await rpcCall(srv, 42161, "evm_setAutomine", [false]);
    let hash: `0x${string}`;
    try {
      hash = await transferDeposit(srv, owner, intent);
      const sent = await client.executeIntent({
        intentId: intent.intentId,
        depositTransactionHash: hash,
      });
      expect(sent.intentStatus).toBe("EXECUTING");
      await new Promise((r) => setTimeout(r, 300));
      const pending = await receipt(intent.intentId);
      expect(pending.status).toBe("EXECUTING");
      expect(pending.depositTransaction.status).toBe("PENDING");
      expect(pending.depositTransaction.txnHash).toBe(hash);
      expect(pending.originTransaction.status).toBe("ON_HOLD");
    } finally {
      await rpcCall(srv, 42161, "evm_setAutomine", [true]);
    }
    const final = await client.waitForIntent(intent.intentId, { timeoutMs: 15_000 });
    expect(final.status).toBe("SUCCEEDED");
    expect(final.receipt.depositTransaction.status).toBe("SUCCEEDED");
  });

  it("ends FAILED with the reason when a pending deposit reverts", async () => {
    const owner = account(5);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const arb = publicClient(srv, 42161);
    const held = await balanceOf(arb, USDC_ARB, owner.address);
    await rpcCall(srv, 42161, "evm_setAutomine", [false]);
    try {
      const wallet = walletClient(srv, 42161, owner);
      const send = (to: string, amount: bigint) =>
        wallet.writeContract({
          address: USDC_ARB as Address,
          abi: DEV_TOKEN_ABI,
          functionName: "transfer",
          args: [to as Address, amount],
          chain: wallet.chain,
          account: wallet.account ?? null,
          gas: 100_000n,
        });
      // Everything it holds leaves first, so the deposit, mined after, reverts.
      await send(account(7).address, held);
      const hash = await send(intent.originIntentAddress, intent.depositTransaction.amount);
      await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
      await rpcCall(srv, 42161, "evm_mine");
    } finally {
      await rpcCall(srv, 42161, "evm_setAutomine", [true]);
    }
    const final = await client.waitForIntent(intent.intentId, { timeoutMs: 15_000 });
    expect(final.status).toBe("FAILED");
    expect(final.receipt.depositTransaction.status).toBe("REVERTED");
    expect(final.receipt.depositTransaction.statusReason).toBe("the deposit transaction reverted");
    expect(final.receipt.originTransaction.status).toBe("ABORTED");
    expect(await balanceOf(arb, USDC_ARB, intent.originIntentAddress)).toBe(0n);
  });

  it("ends FAILED when a pending deposit is dropped before it is mined", async () => {
    const owner = account(1);
    const intent = await committed(client, usdcArbToBase(owner.address));
    await rpcCall(srv, 42161, "evm_setAutomine", [false]);
    try {
      const hash = await transferDeposit(srv, owner, intent);
      await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
      await rpcCall(srv, 42161, "anvil_dropTransaction", [hash]);
    } finally {
      await rpcCall(srv, 42161, "evm_setAutomine", [true]);
    }
    const final = await client.waitForIntent(intent.intentId, { timeoutMs: 15_000 });
    expect(final.status).toBe("FAILED");
    expect(final.receipt.depositTransaction.statusReason).toBe(
      "the deposit transaction was dropped before it was mined",
    );
    expect(await balanceOf(publicClient(srv, 42161), USDC_ARB, intent.originIntentAddress)).toBe(
      0n,
    );
  });

  it("refunds the deposit on the origin chain when the destination call reverts", async () => {
    const owner = account(3);
    const arb = publicClient(srv, 42161);
    const base = publicClient(srv, 8453);
    // The destination call: the token contract asked to transfer far more than the filler holds.
    const data = `0xa9059cbb${owner.address.slice(2).toLowerCase().padStart(64, "0")}${(2n ** 200n).toString(16).padStart(64, "0")}`;
    const intent = await committed(
      client,
      usdcArbToBase(owner.address, { destinationToAddress: USDC_BASE, destinationCallData: data }),
    );
    const before = await balanceOf(arb, USDC_ARB, owner.address);
    const targetBefore = await balanceOf(base, USDC_BASE, USDC_BASE);
    const { hash } = await deposit(srv, owner, intent);
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    const final = await client.waitForIntent(intent.intentId, { timeoutMs: 15_000 });
    expect(final.status).toBe("REFUNDED");
    const r = final.receipt;
    expect(r.destinationTransaction?.status).toBe("REVERTED");
    const reverted = await base.getTransactionReceipt({
      hash: r.destinationTransaction?.txnHash as `0x${string}`,
    });
    expect(reverted.status).toBe("reverted");
    expect(r.refundTransaction?.status).toBe("SUCCEEDED");
    const refund = await arb.getTransactionReceipt({
      hash: r.refundTransaction?.txnHash as `0x${string}`,
    });
    expect(refund.status).toBe("success");
    // The deposit went out and came back; the payout never reached the target.
    expect(await balanceOf(arb, USDC_ARB, owner.address)).toBe(before);
    expect(await balanceOf(base, USDC_BASE, USDC_BASE)).toBe(targetBefore);
  });
});

describe("a hostile destination call", () => {
  it("cannot take the filler's liquidity: it runs from an address that holds nothing", async () => {
    const owner = account(6);
    const thief = "0x000000000000000000000000000000000000dEaD";
    const base = publicClient(srv, 8453);
    // transfer(thief, 1,000 USDC), called on the token: whoever sends it pays.
    const data = `0xa9059cbb${thief.slice(2).toLowerCase().padStart(64, "0")}${1_000_000_000n.toString(16).padStart(64, "0")}`;
    const intent = await committed(
      client,
      usdcArbToBase(owner.address, { destinationToAddress: USDC_BASE, destinationCallData: data }),
    );
    const { hash } = await deposit(srv, owner, intent);
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    const final = await client.waitForIntent(intent.intentId, { timeoutMs: 15_000 });
    expect(final.status).toBe("REFUNDED");
    expect(await balanceOf(base, USDC_BASE, thief)).toBe(0n);
  });

  it("cannot be paid a native value the payout does not cover", async () => {
    const owner = account(6);
    const base = publicClient(srv, 8453);
    const target = "0x000000000000000000000000000000000000bEEF";
    const intent = await committed(
      client,
      usdcArbToBase(owner.address, {
        destinationToAddress: target,
        destinationCallData: "0x",
        destinationCallValue: 10n ** 18n,
      }),
    );
    const { hash } = await deposit(srv, owner, intent);
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    const final = await client.waitForIntent(intent.intentId, { timeoutMs: 15_000 });
    expect(final.status).toBe("REFUNDED");
    expect(await base.getBalance({ address: target })).toBe(0n);
  });
});

describe("route balances on real chains", () => {
  it("lists the tokens an owner really holds", async () => {
    const fresh = "0x00000000000000000000000000000000000b0b01";
    const routes = () =>
      client.getExactOutputRoutes({
        destinationChainId: 8453,
        destinationTokenAddress: USDC_BASE,
        ownerAddress: fresh,
      });
    expect((await routes()).tokens).toEqual([]);
    await pay(srv, account(4), 42161, USDC_ARB, fresh, 1n);
    const held = (await routes()).tokens.map((t) => `${t.chainId}:${t.address}`);
    expect(held).toEqual([`42161:${USDC_ARB}`]);
  });
});
