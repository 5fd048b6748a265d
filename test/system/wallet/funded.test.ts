/**
 * An intent address that already holds the deposit, paid by no one transaction the wallet step
 * finds (here: two transfers of half the amount each, from another account): with either method
 * nothing is sent or signed, the owner's nonce and balance do not move, and the error says what
 * was found and what to check, with the same words for a transfer and a permit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import type { IntentClient } from "../../../src/index.js";
import {
  DepositOutcomeUnknownError,
  executeWithWallet,
  memoryDepositStore,
} from "../../../src/wallet/index.js";
import { testAccount as chainAccount, pay } from "../../kit/chains/flow.js";
import {
  balance,
  chainOf,
  clients,
  request,
  service,
  testAccount,
  USDC_ARB,
  walletState,
} from "../../kit/wallet/setup.js";

const AMOUNT = 10_000_000n;
let srv: DevServer;
let client: IntentClient;

beforeAll(async () => {
  ({ srv, client } = await service(true));
}, 30_000);
afterAll(() => srv?.close());

/** Pays `amount` to `to` from test account `payer` in two transfers of half each. */
async function payInHalves(payer: number, to: `0x${string}`, amount: bigint): Promise<void> {
  for (const part of [amount / 2n, amount - amount / 2n])
    await pay(srv, chainAccount(srv, payer), 42161, USDC_ARB, to, part);
}

describe("an intent address already funded by no one transaction", () => {
  for (const [method, ownerIndex] of [
    ["transfer", 3],
    ["permit", 4],
  ] as const) {
    it(`${method}: nothing is sent or signed, and the error says what was found`, async () => {
      const { key, owner } = testAccount(srv, ownerIndex);
      const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
      const to = c.intent.originIntentAddress as `0x${string}`;
      const amount = c.intent.depositTransaction.amount;
      await payInHalves(5, to, amount);
      expect(await balance(srv, 42161, USDC_ARB, to)).toBe(amount);
      const { wallet } = clients(chainOf(srv, 42161), key);
      const before = await walletState(srv, 42161, USDC_ARB, owner);
      let signed = 0;
      const err = await executeWithWallet(client, {
        ...c,
        wallet,
        method,
        store: memoryDepositStore(),
        onProgress: (p) => {
          if (p.step === "sign") signed++;
        },
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DepositOutcomeUnknownError);
      expect((err as Error).message).toBe(
        `the intent address ${to} already holds the deposit, paid by no one transaction found: nothing was sent; check the intent's receipt before paying again`,
      );
      expect(signed).toBe(0);
      const after = await walletState(srv, 42161, USDC_ARB, owner);
      expect(after.nonce).toBe(before.nonce);
      expect(after.balance).toBe(before.balance);
      expect((await client.getIntent({ intentId: c.intentId })).intent.status).toBe("COMMITTED");
    }, 60_000);
  }
});
