/**
 * "Already made?" is decided once for both payment methods: the same table of situations runs
 * through `executeWithWallet` by transfer and by permit, each with a store that knows nothing of
 * the deposit unless the row says so. A deposit on chain or pending in the pool is reused (no
 * transaction sent, nothing signed, the deposit's hash given to ExecuteIntent); a deposit the
 * store records as refused is `DepositStranded` whatever the method. Counted on chain: the
 * owner's nonce and balance move once.
 */
import { createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { type CommittedIntent, type IntentClient, isServiceError } from "../../../src/index.js";
import {
  type DepositStore,
  depositKey,
  executeWithWallet,
  memoryDepositStore,
  sendDeposit,
} from "../../../src/wallet/index.js";
import { rpcAt } from "../../kit/chains/chain.js";
import {
  chainOf,
  request,
  service,
  testAccount,
  USDC_ARB,
  walletState,
} from "../../kit/wallet/setup.js";

const AMOUNT = 3_000_000n;
let srv: DevServer;
let client: IntentClient;
let rpcUrl: string;

beforeAll(async () => {
  ({ srv, client } = await service(true));
  rpcUrl = srv.chains[42161]?.rpcUrl as string;
}, 30_000);
afterEach(async () => {
  await rpcAt(rpcUrl, "evm_setAutomine", [true]);
});
afterAll(() => srv?.close());

/** A wallet of test account `i` counting what it is asked to sign (transactions and permits). */
function countingWallet(i: number) {
  const account = privateKeyToAccount(testAccount(srv, i).key);
  const asked = { count: 0 };
  const count =
    <A extends unknown[], R>(f: (...a: A) => R) =>
    (...a: A): R => {
      asked.count++;
      return f(...a);
    };
  const wallet = createWalletClient({
    account: {
      ...account,
      signTransaction: count(account.signTransaction) as typeof account.signTransaction,
      signTypedData: count(account.signTypedData) as typeof account.signTypedData,
    },
    chain: chainOf(srv, 42161),
    transport: http(rpcUrl, { retryCount: 0 }),
    pollingInterval: 50,
  });
  return { wallet, asked };
}

type Method = "transfer" | "permit";

/** A situation before the call: it returns the store the call uses and the hash already made. */
type Setup = (c: CommittedIntent, i: number) => Promise<{ store: DepositStore; made: string }>;

/** The deposit sent from another store (another device): mined, or left pending. */
const madeElsewhere =
  (pending: boolean): Setup =>
  async (c, i) => {
    const { wallet } = countingWallet(i);
    if (pending) await rpcAt(rpcUrl, "evm_setAutomine", [false]);
    const { hash } = await sendDeposit({
      intent: c.intent,
      wallet,
      store: memoryDepositStore(),
      confirmations: pending ? 0 : 1,
    });
    if (pending) {
      // Mined a moment after the call has looked at the pool.
      setTimeout(() => {
        void rpcAt(rpcUrl, "evm_mine").then(() => rpcAt(rpcUrl, "evm_setAutomine", [true]));
      }, 1_000);
    }
    return { store: memoryDepositStore(), made: hash };
  };

const TABLE: [string, Setup, "reused" | "DepositStranded"][] = [
  ["made on chain by another store", madeElsewhere(false), "reused"],
  ["pending in the pool, from another store", madeElsewhere(true), "reused"],
  [
    "recorded as refused",
    async (c, i) => {
      const { hash } = await sendDeposit({
        intent: c.intent,
        wallet: countingWallet(i).wallet,
        store: memoryDepositStore(),
      });
      const store = memoryDepositStore();
      await store.set(depositKey(42161, c.intent.originIntentAddress), {
        state: "refused",
        chainId: 42161,
        intentAddress: c.intent.originIntentAddress,
        from: testAccount(srv, i).owner,
        amount: `${AMOUNT}`,
        fromBlock: "0",
        hash,
        at: Date.now(),
      });
      return { store, made: hash };
    },
    "DepositStranded",
  ],
];

const METHODS: [Method, number][] = [
  ["transfer", 1],
  ["permit", 2],
];

describe.each(METHODS)("already made, by %s", (method, account) => {
  it.each(TABLE)(
    "%s",
    async (_name, setup, expected) => {
      const { owner } = testAccount(srv, account);
      const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
      const before = await walletState(srv, 42161, USDC_ARB, owner);
      const { store, made } = await setup(c, account);
      const { wallet, asked } = countingWallet(account);
      const r = await executeWithWallet(client, { ...c, wallet, method, store }).catch(
        (e: unknown) => e,
      );
      expect(asked.count, "the wallet was asked").toBe(0);
      if (expected === "reused") {
        expect(r).toMatchObject({ depositTransactionHash: made, reused: true });
        expect((await client.getIntent({ intentId: c.intentId })).intent.status).not.toBe(
          "COMMITTED",
        );
      } else {
        expect(isServiceError(r, "DepositStranded") && r.hash === made, String(r)).toBe(true);
      }
      const after = await walletState(srv, 42161, USDC_ARB, owner);
      expect([after.nonce, before.balance - after.balance]).toEqual([before.nonce + 1, AMOUNT]);
    },
    30_000,
  );
});
