/**
 * The money path end to end on real local chains: a real deposit from a test account, checked on
 * the origin chain, paid out by the filler on the destination chain; the balances on both chains
 * move by exactly the deposit and `quote.toAmount`, and the receipt carries the real hashes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuoteIntentRequest } from "../../../generated/types.js";
import type { DevServer } from "../../../src/devserver/index.js";
import { balanceOf, publicClient } from "../../kit/chains/chain.js";
import {
  clientOf,
  committed,
  deposit,
  NATIVE,
  USDC_ARB,
  USDC_BASE,
  usdcArbToBase,
} from "../../kit/chains/flow.js";
import { startServer } from "../../kit/server.js";

let srv: DevServer;
beforeAll(async () => {
  srv = await startServer({ chains: true, rateLimit: false });
});
afterAll(() => srv?.close());

function accounts() {
  const [owner, , , , recipient] = srv.testAccounts;
  if (owner === undefined || recipient === undefined) throw new Error("test accounts expected");
  return { owner, recipient };
}

describe("ExecuteIntent on real chains", () => {
  it("pays out quote.toAmount for a real ERC-20 deposit, and the balances move exactly", async () => {
    const { owner, recipient } = accounts();
    const client = clientOf(srv);
    const arb = publicClient(srv, 42161);
    const base = publicClient(srv, 8453);
    const intent = await committed(
      client,
      usdcArbToBase(owner.address, { destinationToAddress: recipient.address }),
    );
    const ownerBefore = await balanceOf(arb, USDC_ARB, owner.address);
    const recipientBefore = await balanceOf(base, USDC_BASE, recipient.address);
    const { hash } = await deposit(srv, owner, intent);
    const executed = await client.executeIntent({
      intentId: intent.intentId,
      depositTransactionHash: hash,
    });
    expect(executed.intentStatus).toBe("EXECUTING");
    const final = await client.waitForIntent(intent.intentId, { timeoutMs: 15_000 });
    expect(final.status).toBe("SUCCEEDED");
    expect(await balanceOf(arb, USDC_ARB, owner.address)).toBe(
      ownerBefore - intent.depositTransaction.amount,
    );
    expect(await balanceOf(base, USDC_BASE, recipient.address)).toBe(
      recipientBefore + intent.quote.toAmount,
    );
    const r = final.receipt;
    expect(r.depositTransaction.txnHash).toBe(hash);
    expect(r.depositTransaction.status).toBe("SUCCEEDED");
    for (const [t, chain] of [
      [r.originTransaction, arb],
      [r.destinationTransaction, base],
    ] as const) {
      expect(t?.status).toBe("SUCCEEDED");
      const mined = await chain.getTransactionReceipt({ hash: t?.txnHash as `0x${string}` });
      expect(mined.status).toBe("success");
    }
  });

  it("does the same with native ETH, to the owner when no recipient is named", async () => {
    const { owner } = accounts();
    const client = clientOf(srv);
    const req: QuoteIntentRequest = {
      ...usdcArbToBase(owner.address),
      originTokenAddress: NATIVE,
      destinationTokenAddress: NATIVE,
      originTokenAmount: 10n ** 16n,
    };
    const intent = await committed(client, req);
    const arb = publicClient(srv, 42161);
    const base = publicClient(srv, 8453);
    const ownerArbBefore = await arb.getBalance({ address: owner.address as `0x${string}` });
    const ownerBaseBefore = await base.getBalance({ address: owner.address as `0x${string}` });
    const { hash, fee } = await deposit(srv, owner, intent);
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    const final = await client.waitForIntent(intent.intentId, { timeoutMs: 15_000 });
    expect(final.status).toBe("SUCCEEDED");
    expect(await arb.getBalance({ address: owner.address as `0x${string}` })).toBe(
      ownerArbBefore - intent.depositTransaction.amount - fee,
    );
    expect(await base.getBalance({ address: owner.address as `0x${string}` })).toBe(
      ownerBaseBefore + intent.quote.toAmount,
    );
  });

  it("answers the same execution asked three times at once as a repeat each time: one payout", async () => {
    const { owner, recipient } = accounts();
    const client = clientOf(srv);
    const base = publicClient(srv, 8453);
    const intent = await committed(
      client,
      usdcArbToBase(owner.address, { destinationToAddress: recipient.address }),
    );
    const recipientBefore = await balanceOf(base, USDC_BASE, recipient.address);
    const { hash } = await deposit(srv, owner, intent);
    // The second and third arrive while the first checks the deposit on the origin chain.
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash }),
      ),
    );
    expect(answers.map((a) => a.intentStatus)).toEqual(["EXECUTING", "EXECUTING", "EXECUTING"]);
    const final = await client.waitForIntent(intent.intentId, { timeoutMs: 15_000 });
    expect(final.status).toBe("SUCCEEDED");
    expect(await balanceOf(base, USDC_BASE, recipient.address)).toBe(
      recipientBefore + intent.quote.toAmount,
    );
  });
});
