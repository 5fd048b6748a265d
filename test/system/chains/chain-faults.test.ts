/**
 * Chain faults, asked for as any fault is (`X-Dev-Fault` or a scheduled rule) and applied to
 * ExecuteIntent on real chains: a deposit dropped before it is mined (a permit's, or a pending
 * one) ends the intent FAILED with nothing moved; a delayed payout keeps the destination
 * transaction pending, then pays. Asked for where they cannot apply, they are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { balanceOf, publicClient, rpcCall } from "../../kit/chains/chain.js";
import {
  clientOf,
  committed,
  deposit,
  permitDeposit,
  testAccount,
  transferDeposit,
  USDC_ARB,
  USDC_BASE,
  usdcArbToBase,
} from "../../kit/chains/flow.js";
import { startServer } from "../../kit/server.js";

let srv: DevServer;
beforeAll(async () => {
  srv = await startServer({ chains: true, rateLimit: false, faults: true });
});
afterAll(() => srv?.close());

const account = (i: number) => testAccount(srv, i);

describe("chain faults", () => {
  it("deposit-dropped: a permit's deposit leaves the pool unmined, the intent FAILS, nothing moves", async () => {
    const client = clientOf(srv);
    const owner = account(1);
    const arb = publicClient(srv, 42161);
    const before = await balanceOf(arb, USDC_ARB, owner.address);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const depositSignature = await permitDeposit(srv, client, owner, intent);
    srv.injectFaults([{ operation: "ExecuteIntent", fault: "deposit-dropped" }]);
    const sent = await client.executeIntent({ intentId: intent.intentId, depositSignature });
    expect(sent.intentStatus).toBe("EXECUTING");
    const final = await client.waitForIntent(intent.intentId, { timeoutMs: 15_000 });
    expect(final.status).toBe("FAILED");
    expect(final.receipt.depositTransaction.status).toBe("FAILED");
    const hash = final.receipt.depositTransaction.txnHash as `0x${string}`;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await rpcCall(srv, 42161, "eth_getTransactionByHash", [hash])).toBeNull();
    expect(await balanceOf(arb, USDC_ARB, owner.address)).toBe(before);
    expect(await balanceOf(arb, USDC_ARB, intent.originIntentAddress)).toBe(0n);
    // The chain mines on as before.
    const next = await committed(client, usdcArbToBase(owner.address));
    const { hash: paid } = await deposit(srv, owner, next);
    await client.executeIntent({ intentId: next.intentId, depositTransactionHash: paid });
    expect((await client.waitForIntent(next.intentId, { timeoutMs: 15_000 })).status).toBe(
      "SUCCEEDED",
    );
  });

  it("deposit-dropped: a pending deposit is dropped from the pool; a mined one is refused", async () => {
    const client = clientOf(srv);
    const owner = account(2);
    const arb = publicClient(srv, 42161);
    const before = await balanceOf(arb, USDC_ARB, owner.address);
    const mined = await committed(client, usdcArbToBase(owner.address));
    const { hash: minedHash } = await deposit(srv, owner, mined);
    const res = await srv.fetch("/rpc/Service/ExecuteIntent", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-access-key": srv.accessKey,
        "x-dev-fault": "deposit-dropped",
      },
      body: JSON.stringify({ intentId: mined.intentId, depositTransactionHash: minedHash }),
    });
    expect(res.status).toBe(400);
    const refusal = await res.text();
    expect(refusal).toContain("deposit-dropped needs a deposit not yet mined");
    // One message a developer can act on: the permit way, and the automine recipe with the URL.
    expect(refusal).toContain('method: \\"permit\\"');
    expect(refusal).toContain("evm_setAutomine");
    expect(refusal).toContain(srv.chains[42161]?.rpcUrl as string);

    const intent = await committed(client, usdcArbToBase(owner.address));
    await rpcCall(srv, 42161, "evm_setAutomine", [false]);
    let hash: `0x${string}`;
    try {
      hash = await transferDeposit(srv, owner, intent);
      srv.injectFaults([{ operation: "ExecuteIntent", fault: "deposit-dropped" }]);
      await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    } finally {
      await rpcCall(srv, 42161, "evm_setAutomine", [true]);
    }
    const final = await client.waitForIntent(intent.intentId, { timeoutMs: 15_000 });
    expect(final.status).toBe("FAILED");
    expect(final.receipt.depositTransaction.status).toBe("FAILED");
    expect(await rpcCall(srv, 42161, "eth_getTransactionByHash", [hash])).toBeNull();
    // Only the first (mined) deposit left the owner.
    expect(await balanceOf(arb, USDC_ARB, owner.address)).toBe(
      before - mined.depositTransaction.amount,
    );
  });

  it("payout-delayed: the payout stays pending for the delay, then is made", async () => {
    const client = clientOf(srv);
    const owner = account(3);
    const base = publicClient(srv, 8453);
    const before = await balanceOf(base, USDC_BASE, owner.address);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const { hash } = await deposit(srv, owner, intent);
    srv.injectFaults([{ operation: "ExecuteIntent", fault: "payout-delayed:1500" }]);
    const sentAt = Date.now();
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    await new Promise((r) => setTimeout(r, 700));
    const held = (await client.getIntentReceipt({ intentId: intent.intentId })).intentReceipt;
    expect(held.status).toBe("EXECUTING");
    expect(held.originTransaction.status).toBe("SUCCEEDED");
    expect(held.destinationTransaction?.status).toBe("PENDING");
    expect(await balanceOf(base, USDC_BASE, owner.address)).toBe(before);
    const final = await client.waitForIntent(intent.intentId, { timeoutMs: 15_000 });
    expect(final.status).toBe("SUCCEEDED");
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1500);
    expect((await balanceOf(base, USDC_BASE, owner.address)) - before).toBe(intent.quote.toAmount);
  });

  it("is refused on another operation, in a rule for another operation, and without chains", async () => {
    const ping = await srv.fetch("/rpc/Service/Ping", {
      method: "POST",
      headers: { "content-type": "application/json", "x-dev-fault": "payout-delayed" },
      body: "{}",
    });
    expect(ping.status).toBe(400);
    expect(await ping.text()).toContain("applies to ExecuteIntent only");
    expect(() =>
      srv.injectFaults([{ operation: "CommitIntent", fault: "deposit-dropped" }]),
    ).toThrow(/applies to ExecuteIntent only/);
    // A rule for any operation waits for an ExecuteIntent: a Ping goes through untouched.
    srv.injectFaults([{ fault: "payout-delayed:1" }]);
    const through = await srv.fetch("/rpc/Service/Ping", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(through.status).toBe(200);
    const owner = account(4);
    const client = clientOf(srv);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const { hash } = await deposit(srv, owner, intent);
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    expect((await client.waitForIntent(intent.intentId, { timeoutMs: 15_000 })).status).toBe(
      "SUCCEEDED",
    );
    expect(srv.stats().faultsByKind["payout-delayed"]).toBeGreaterThanOrEqual(2);

    const simulated = await startServer({ faults: true });
    try {
      const res = await simulated.fetch("/rpc/Service/ExecuteIntent", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-access-key": simulated.accessKey,
          "x-dev-fault": "deposit-dropped",
        },
        body: JSON.stringify({ intentId: "x", depositTransactionHash: `0x${"1".repeat(64)}` }),
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("needs real chains");
    } finally {
      await simulated.close();
    }
  });
});
