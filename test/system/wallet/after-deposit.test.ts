/**
 * After the deposit left the wallet, every failure says so: a 503 from ExecuteIntent, an abort,
 * a store that throws (a string, not an Error) are `DepositOutcomeUnknownError` carrying the
 * deposit's hash and the failure as `cause`, its message saying not to pay again; a later call
 * reuses the deposit instead of paying again. An ExecuteIntent that refuses an intent it executed
 * (a lying refusal) is not believed: GetIntent says it is executing, the deposit is not recorded
 * as refused, and a later call does not say `DepositStranded`. (QuoteExpired after the deposit:
 * `in-time.test.ts`.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { createClient, type IntentClient, isServiceError } from "../../../src/index.js";
import {
  type DepositOutcomeUnknownError,
  type DepositRecord,
  depositKey,
  executeWithWallet,
  memoryDepositStore,
} from "../../../src/wallet/index.js";
import { rewritingProxy } from "../../kit/wallet/rewriting-proxy.js";
import {
  chainOf,
  clients,
  request,
  service,
  testAccount,
  USDC_ARB,
  walletState,
} from "../../kit/wallet/setup.js";

const AMOUNT = 7_000_000n;
let srv: DevServer;
let client: IntentClient;

beforeAll(async () => {
  ({ srv, client } = await service(true));
}, 30_000);
afterAll(() => srv?.close());

/** Pays once with `first` failing after the deposit left; returns its error and the payment. */
async function failAfterDeposit(
  account: number,
  first: (c: Awaited<ReturnType<IntentClient["quoteAndCommit"]>>) => Promise<unknown>,
) {
  const { owner } = testAccount(srv, account);
  const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
  const before = await walletState(srv, 42161, USDC_ARB, owner);
  const e = (await first(c).then(
    () => undefined,
    (x: unknown) => x,
  )) as DepositOutcomeUnknownError;
  expect(isServiceError(e, "DepositOutcomeUnknown"), String(e)).toBe(true);
  expect(e.hash).toMatch(/^0x[0-9a-f]{64}$/);
  expect(e.message).toMatch(/left the wallet.*[Dd]o not pay again/);
  const after = await walletState(srv, 42161, USDC_ARB, owner);
  expect(before.balance - after.balance).toBe(AMOUNT);
  return { c, e, before, owner };
}

describe("a failure after the deposit left: DepositOutcomeUnknown with the hash", () => {
  it("ExecuteIntent answering 503 (every attempt): the hash, the 503 as cause; the next call reuses", async () => {
    const { key } = testAccount(srv, 1);
    const { wallet } = clients(chainOf(srv, 42161), key);
    const store = memoryDepositStore();
    const { c, e, before, owner } = await failAfterDeposit(1, async (c) => {
      srv.injectFaults([{ operation: "ExecuteIntent", fault: "503" }]);
      const noRetry = createClient({ baseUrl: srv.url, accessKey: srv.accessKey, retry: false });
      return executeWithWallet(noRetry, { ...c, wallet, store });
    });
    const cause = e.cause as { status?: unknown; error?: unknown };
    expect([isServiceError(cause), cause.status, cause.error]).toEqual([
      true,
      503,
      "ChainNodeHealth",
    ]);
    const r = await executeWithWallet(client, { ...c, wallet, store });
    expect([r.depositTransactionHash, r.reused]).toEqual([e.hash, true]);
    const after = await walletState(srv, 42161, USDC_ARB, owner);
    expect([after.nonce, before.balance - after.balance]).toEqual([before.nonce + 1, AMOUNT]);
  });

  it("an abort after the deposit was sent: the hash, the abort as cause; the next call reuses", async () => {
    const { key } = testAccount(srv, 2);
    const { wallet } = clients(chainOf(srv, 42161), key);
    const store = memoryDepositStore();
    const stop = new AbortController();
    const { c, e, before, owner } = await failAfterDeposit(2, (c) =>
      executeWithWallet(client, {
        ...c,
        wallet,
        store,
        signal: stop.signal,
        onProgress: (p) => {
          if (p.step === "sent") stop.abort();
        },
      }),
    );
    expect((e.cause as Error)?.name).toBe("AbortError");
    const r = await executeWithWallet(client, { ...c, wallet, store });
    expect([r.depositTransactionHash, r.reused]).toEqual([e.hash, true]);
    const after = await walletState(srv, 42161, USDC_ARB, owner);
    expect([after.nonce, before.balance - after.balance]).toEqual([before.nonce + 1, AMOUNT]);
  });

  it("a store that throws a string when the hash is written: the hash, the string as cause", async () => {
    const { key } = testAccount(srv, 3);
    const { wallet } = clients(chainOf(srv, 42161), key);
    const inner = memoryDepositStore();
    const store = {
      get: (k: string) => inner.get(k),
      set: (k: string, r: DepositRecord) => {
        if (r.state === "sent") throw "disk full";
        return inner.set(k, r);
      },
    };
    const { c, e } = await failAfterDeposit(3, (c) =>
      executeWithWallet(client, { ...c, wallet, store }),
    );
    expect(e.cause).toBe("disk full");
    // Another store (the record lost): the deposit is found on chain, not paid again.
    const r = await executeWithWallet(client, { ...c, wallet, store: memoryDepositStore() });
    expect([r.depositTransactionHash, r.reused]).toEqual([e.hash, true]);
  });
});

describe("a refusal that lies", () => {
  it("ExecuteIntent executes and answers InvalidArgument: GetIntent is believed, nothing recorded as refused", async () => {
    const { key, owner } = testAccount(srv, 4);
    const { wallet } = clients(chainOf(srv, 42161), key);
    const proxy = await rewritingProxy(srv.url, { lieOnExecute: true });
    try {
      const liar = createClient({ baseUrl: proxy.url, accessKey: srv.accessKey });
      const c = await liar.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
      const store = memoryDepositStore();
      const before = await walletState(srv, 42161, USDC_ARB, owner);
      const r = await executeWithWallet(liar, { ...c, wallet, store });
      expect(["EXECUTING", "SUCCEEDED"]).toContain(r.intentStatus);
      const record = await store.get(depositKey(42161, c.intent.originIntentAddress));
      expect(record?.state).toBe("sent");
      const again = await executeWithWallet(liar, { ...c, wallet, store });
      expect([again.depositTransactionHash, again.reused]).toEqual([
        r.depositTransactionHash,
        true,
      ]);
      const after = await walletState(srv, 42161, USDC_ARB, owner);
      expect([after.nonce, before.balance - after.balance]).toEqual([before.nonce + 1, AMOUNT]);
    } finally {
      await proxy.close();
    }
  });
});
