/**
 * Every deposit that does not pay the intent as it must is refused with `InvalidArgument` saying
 * what was expected and what was found, and the intent stays COMMITTED (a correct deposit can
 * follow): unknown hash, wrong token, short amount, wrong address, wrong chain, a hash another
 * intent used, and a permit that does not verify (nothing moves).
 */
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_TOKEN_ABI } from "../../../generated/dev-token.js";
import type { Intent } from "../../../generated/types.js";
import type { DevServer, TestAccount } from "../../../src/devserver/index.js";
import { type IntentClient, isServiceError } from "../../../src/index.js";
import { balanceOf, publicClient } from "../../kit/chains/chain.js";
import {
  clientOf,
  committed,
  deposit,
  pay,
  permitDeposit,
  signPermit,
  USDC_ARB,
  USDC_BASE,
  USDT_ARB,
  usdcArbToBase,
} from "../../kit/chains/flow.js";
import { startServer } from "../../kit/server.js";

let srv: DevServer;
let client: IntentClient;
let owner: TestAccount;
beforeAll(async () => {
  srv = await startServer({ chains: true, rateLimit: false });
  client = clientOf(srv);
  owner = srv.testAccounts[1] as TestAccount;
});
afterAll(() => srv?.close());

/** Executes with `hash`; expects InvalidArgument and returns its message. */
async function refused(intent: Intent, args: Record<string, unknown>): Promise<string> {
  const e = await client.executeIntent({ intentId: intent.intentId, ...args } as never).then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(isServiceError(e, "InvalidArgument"), String(e)).toBe(true);
  const { intent: after } = await client.getIntent({ intentId: intent.intentId });
  expect(after.status).toBe("COMMITTED");
  return (e as Error).message;
}

const EXPECTED =
  /expected a deposit of at least 25000000 base units of USDC \(0xaf88d065e77c8cC2239327C5EDb3A432268e5831\) to the intent address 0x[0-9a-fA-F]{40} on chain 42161/;

describe("deposits that do not pay the intent", () => {
  it("refuses a hash unknown on the origin chain, and then takes the right deposit", async () => {
    const intent = await committed(client, usdcArbToBase(owner.address));
    const unknown = `0x${"5a".repeat(32)}`;
    const msg = await refused(intent, { depositTransactionHash: unknown });
    expect(msg).toMatch(EXPECTED);
    expect(msg).toContain(`found no transaction ${unknown} on chain 42161`);
    const { hash } = await deposit(srv, owner, intent);
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    expect((await client.waitForIntent(intent.intentId, { timeoutMs: 15_000 })).status).toBe(
      "SUCCEEDED",
    );
  });

  it("refuses the wrong token", async () => {
    const intent = await committed(client, usdcArbToBase(owner.address));
    const { hash } = await pay(
      srv,
      owner,
      42161,
      USDT_ARB,
      intent.originIntentAddress,
      intent.depositTransaction.amount,
    );
    const msg = await refused(intent, { depositTransactionHash: hash });
    expect(msg).toMatch(EXPECTED);
    expect(msg).toContain(
      `found a transaction that transfers 25000000 base units of token ${USDT_ARB.toLowerCase()} to ${intent.originIntentAddress.toLowerCase()}`,
    );
  });

  it("refuses a short amount", async () => {
    const intent = await committed(client, usdcArbToBase(owner.address));
    const { hash } = await deposit(srv, owner, intent, intent.depositTransaction.amount - 1n);
    const msg = await refused(intent, { depositTransactionHash: hash });
    expect(msg).toMatch(EXPECTED);
    expect(msg).toContain("found a transaction that transfers 24999999 base units of token");
  });

  it("refuses a deposit to another address", async () => {
    const intent = await committed(client, usdcArbToBase(owner.address));
    const elsewhere = srv.testAccounts[7]?.address as string;
    const { hash } = await pay(
      srv,
      owner,
      42161,
      USDC_ARB,
      elsewhere,
      intent.depositTransaction.amount,
    );
    const msg = await refused(intent, { depositTransactionHash: hash });
    expect(msg).toMatch(EXPECTED);
    expect(msg).toContain(`to ${elsewhere.toLowerCase()}`);
  });

  it("refuses a deposit made on another chain, saying which", async () => {
    const intent = await committed(client, usdcArbToBase(owner.address));
    const { hash } = await pay(
      srv,
      owner,
      8453,
      USDC_BASE,
      intent.originIntentAddress,
      intent.depositTransaction.amount,
    );
    const msg = await refused(intent, { depositTransactionHash: hash });
    expect(msg).toMatch(EXPECTED);
    expect(msg).toContain("on chain 8453, not on the intent's origin chain 42161");
  });

  it("refuses a hash another intent already used", async () => {
    const first = await committed(client, usdcArbToBase(owner.address));
    const { hash } = await deposit(srv, owner, first);
    await client.executeIntent({ intentId: first.intentId, depositTransactionHash: hash });
    const second = await committed(
      client,
      usdcArbToBase(owner.address, { originTokenAmount: 25_000_000n }),
    );
    const msg = await refused(second, { depositTransactionHash: hash });
    expect(msg).toContain("expected a deposit no other intent used");
    expect((await client.waitForIntent(first.intentId, { timeoutMs: 15_000 })).status).toBe(
      "SUCCEEDED",
    );
  });
});

describe("permit deposits", () => {
  it("relays a good permit: the relayer moves the deposit and the intent succeeds", async () => {
    const intent = await committed(client, usdcArbToBase(owner.address));
    const arb = publicClient(srv, 42161);
    const before = await balanceOf(arb, USDC_ARB, owner.address);
    const sent = await client.executeIntent({
      intentId: intent.intentId,
      depositSignature: await permitDeposit(srv, client, owner, intent),
    });
    expect(sent.intentStatus).toBe("EXECUTING");
    const final = await client.waitForIntent(intent.intentId, { timeoutMs: 15_000 });
    expect(final.status).toBe("SUCCEEDED");
    expect(await balanceOf(arb, USDC_ARB, owner.address)).toBe(
      before - intent.depositTransaction.amount,
    );
    const moved = await arb.getTransactionReceipt({
      hash: final.receipt.depositTransaction.txnHash as `0x${string}`,
    });
    expect(moved.from.toLowerCase()).toBe(
      intent.serviceContracts.serviceIntentEntrypointAddress.toLowerCase(),
    );
  });

  it("refuses a permit signed by someone else, and nothing moves", async () => {
    const intent = await committed(client, usdcArbToBase(owner.address));
    const arb = publicClient(srv, 42161);
    const before = await balanceOf(arb, USDC_ARB, owner.address);
    const intruder = srv.testAccounts[6] as TestAccount;
    const { signature, value, deadline } = await signPermit(srv, intruder, owner.address, intent);
    const option = (await client.quoteIntent(usdcArbToBase(owner.address))).gasFeeOptions
      .feeOptions[0];
    const msg = await refused(intent, {
      depositSignature: {
        permitSignature: signature,
        permitAmount: value,
        permitDeadline: deadline,
        selectedGasFeeOption: option,
        deadline,
      },
    });
    expect(msg).toContain(`expected a signature by the owner ${owner.address}`);
    expect(msg).toContain(`found one that recovers to ${intruder.address.toLowerCase()}`);
    expect(await balanceOf(arb, USDC_ARB, owner.address)).toBe(before);
    const allowance = await arb.readContract({
      address: USDC_ARB as Address,
      abi: DEV_TOKEN_ABI,
      functionName: "allowance",
      args: [
        owner.address as Address,
        intent.serviceContracts.serviceIntentEntrypointAddress as Address,
      ],
    });
    expect(allowance).toBe(0n);
  });
});
