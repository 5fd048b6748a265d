/**
 * Every amount that leaves the wallet is bounded by the caller, against a hostile service: a
 * loopback proxy in front of the dev server rewrites QuoteIntent and GetIntent answers (or moves
 * its `Date` header an hour back). In each case nothing is signed: the wallet is never asked (a
 * counting account), the owner's nonce and balance do not move, and the error names the bound.
 */
import { createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Intent, QuoteIntentRequest } from "../../../generated/types.js";
import type { DevServer } from "../../../src/devserver/index.js";
import { createClient, type IntentClient, isServiceError } from "../../../src/index.js";
import {
  executeWithWallet,
  memoryDepositStore,
  transferCalldata,
} from "../../../src/wallet/index.js";
import { usdcRequest } from "../../kit/quote-request.js";
import { type Rewrites, rewritingProxy } from "../../kit/wallet/rewriting-proxy.js";
import {
  chainOf,
  request,
  service,
  testAccount,
  USDC_ARB,
  USDC_BASE,
  walletState,
} from "../../kit/wallet/setup.js";

const AMOUNT = 6_000_000n;
const ATTACKER = "0x00000000000000000000000000000000000a77ac";
let srv: DevServer;
let honest: IntentClient;
let key: `0x${string}`;
let owner: `0x${string}`;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  ({ srv, client: honest } = await service(true));
  ({ key, owner } = testAccount(srv, 5));
}, 30_000);
afterEach(async () => {
  await Promise.all(stops.splice(0).map((s) => s()));
});
afterAll(() => srv?.close());

/** A client speaking to the dev server through a proxy making `rw`. */
async function hostile(rw: Rewrites): Promise<IntentClient> {
  const proxy = await rewritingProxy(srv.url, rw);
  stops.push(proxy.close);
  return createClient({ baseUrl: proxy.url, accessKey: srv.accessKey });
}

/** A wallet of the test account that counts every transaction and signature it is asked for. */
function countingWallet() {
  const account = privateKeyToAccount(key);
  const asked = { count: 0 };
  const wallet = createWalletClient({
    account: {
      ...account,
      signTransaction: ((...a: Parameters<typeof account.signTransaction>) => {
        asked.count++;
        return account.signTransaction(...a);
      }) as typeof account.signTransaction,
      signTypedData: ((t: Parameters<typeof account.signTypedData>[0]) => {
        asked.count++;
        return account.signTypedData(t);
      }) as typeof account.signTypedData,
    },
    chain: chainOf(srv, 42161),
    transport: http(srv.chains[42161]?.rpcUrl, { retryCount: 0 }),
  });
  return { wallet, asked };
}

/** The deposit instructions (and the quote's amount) rewritten to `amount`, consistently. */
function pays(i: Intent, amount: bigint, to = i.originIntentAddress): void {
  i.quote.fromAmount = amount;
  i.depositTransaction.amount = amount;
  i.depositTransaction.toAddress = to;
  i.depositTransaction.data = transferCalldata(to, amount);
}

const exactOutput = (): QuoteIntentRequest =>
  usdcRequest({
    ownerAddress: owner,
    originTokenAddress: USDC_ARB,
    destinationTokenAddress: USDC_BASE,
    tradeType: "EXACT_OUTPUT",
    originTokenAmount: undefined,
    destinationTokenAmount: AMOUNT,
  });

/** Runs `step`, expecting it refused with nothing signed; returns the error. */
async function refusedUnsigned(step: () => Promise<unknown>, asked: { count: number }) {
  const before = await walletState(srv, 42161, USDC_ARB, owner);
  const e = await step().then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e, "refused").toBeDefined();
  expect(asked.count, "the wallet was asked").toBe(0);
  expect(await walletState(srv, 42161, USDC_ARB, owner)).toEqual(before);
  return e as Error & { field?: string };
}

describe("nothing is signed beyond what the caller stated", () => {
  it("EXACT_OUTPUT quoted at 10× the input, request and trustedContracts passed: without maxAmount nothing is signed, and maxAmount refuses it", async () => {
    const client = await hostile({ quote: (i) => pays(i, i.quote.fromAmount * 10n) });
    const req = exactOutput();
    const real = (await honest.quoteIntent(req)).intent;
    const c = await client.quoteAndCommit(req);
    expect(c.intent.depositTransaction.amount).toBe(real.quote.fromAmount * 10n);
    const { wallet, asked } = countingWallet();
    const trustedContracts = { 42161: [real.serviceContracts.serviceIntentEntrypointAddress] };
    const bare = await refusedUnsigned(
      () =>
        executeWithWallet(client, { ...c, wallet, trustedContracts, store: memoryDepositStore() }),
      asked,
    );
    expect(
      isServiceError(bare, "DepositMismatch") && bare.field === "maxAmount",
      String(bare),
    ).toBe(true);
    expect(bare.message).toContain("maxAmount");
    const bounded = await refusedUnsigned(
      () =>
        executeWithWallet(client, {
          ...c,
          wallet,
          trustedContracts,
          maxAmount: real.quote.fromAmount * 2n,
          store: memoryDepositStore(),
        }),
      asked,
    );
    expect(
      isServiceError(bounded, "DepositMismatch") || isServiceError(bounded, "IntentMismatch"),
      String(bounded),
    ).toBe(true);
    // quoteAndCommit refuses it before committing.
    const e = await client
      .quoteAndCommit(req, { maxAmount: real.quote.fromAmount * 2n })
      .catch((x: unknown) => x as Error & { field?: string });
    expect(isServiceError(e, "IntentMismatch") && e.field === "maxAmount", String(e)).toBe(true);
  });

  it("EXACT_INPUT quoted at 1 unit out: refused below minAmountOut, and below the requested slippage", async () => {
    const client = await hostile({
      quote: (i) => {
        i.quote.toAmount = 1n;
        i.quote.toAmountMin = 1n;
      },
    });
    const req = request(owner, USDC_ARB, AMOUNT);
    const c = await client.quoteAndCommit(req);
    const { wallet, asked } = countingWallet();
    const e = await refusedUnsigned(
      () =>
        executeWithWallet(client, {
          ...c,
          wallet,
          minAmountOut: AMOUNT / 2n,
          store: memoryDepositStore(),
        }),
      asked,
    );
    expect(isServiceError(e, "IntentMismatch") && e.field === "minAmountOut", String(e)).toBe(true);
    const q = await client
      .quoteAndCommit(req, { minAmountOut: AMOUNT / 2n })
      .catch((x: unknown) => x as Error & { field?: string });
    expect(isServiceError(q, "IntentMismatch") && q.field === "minAmountOut", String(q)).toBe(true);
    // The request's own slippage: toAmountMin far under toAmount × (1 − 0.005).
    const halved = await hostile({
      quote: (i) => {
        i.quote.toAmountMin = i.quote.toAmount / 2n;
      },
    });
    const withSlippage = { ...req, options: { slippageTolerance: 0.005 } };
    const s = await halved
      .quoteAndCommit(withSlippage)
      .catch((x: unknown) => x as Error & { field?: string });
    expect(isServiceError(s, "IntentMismatch") && s.field === "slippageTolerance", String(s)).toBe(
      true,
    );
    const committed = await honest.quoteAndCommit(withSlippage);
    committed.intent.quote.toAmountMin = committed.intent.quote.toAmount / 2n;
    const w = await refusedUnsigned(
      () =>
        executeWithWallet(honest, {
          ...committed,
          quote: { ...committed.quote, intent: committed.intent },
          wallet,
          store: memoryDepositStore(),
        }),
      asked,
    );
    expect(isServiceError(w, "IntentMismatch") && w.field === "slippageTolerance", String(w)).toBe(
      true,
    );
  });

  it("resumed without request (GetIntent rewritten to 10×): refused unless maxAmount, which then refuses it", async () => {
    const c = await honest.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    const client = await hostile({ get: (i) => pays(i, i.quote.fromAmount * 10n) });
    const { intent } = await client.getIntent({ intentId: c.intentId });
    expect(intent.depositTransaction.amount).toBe(AMOUNT * 10n);
    const { wallet, asked } = countingWallet();
    const bare = await refusedUnsigned(
      () =>
        executeWithWallet(client, {
          intentId: c.intentId,
          intent,
          wallet,
          store: memoryDepositStore(),
        }),
      asked,
    );
    expect(
      isServiceError(bare, "DepositMismatch") && bare.field === "maxAmount",
      String(bare),
    ).toBe(true);
    const bounded = await refusedUnsigned(
      () =>
        executeWithWallet(client, {
          intentId: c.intentId,
          intent,
          maxAmount: AMOUNT,
          wallet,
          store: memoryDepositStore(),
        }),
      asked,
    );
    expect(isServiceError(bounded, "DepositMismatch"), String(bounded)).toBe(true);
  });

  it("intent (a GetIntent answer that moved the deposit address) disagreeing with quote: refused", async () => {
    const client = await hostile({
      get: (i) => {
        i.originIntentAddress = ATTACKER;
        pays(i, i.depositTransaction.amount, ATTACKER);
      },
    });
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    const { intent } = await client.getIntent({ intentId: c.intentId });
    const { wallet, asked } = countingWallet();
    const e = await refusedUnsigned(
      () => executeWithWallet(client, { ...c, intent, wallet, store: memoryDepositStore() }),
      asked,
    );
    expect(
      isServiceError(e, "DepositMismatch") && e.field === "quote.intent.originIntentAddress",
      String(e),
    ).toBe(true);
  });

  it("the service's Date an hour behind: the transfer is not sent (ClockSkew)", async () => {
    const client = await hostile({ dateShiftMs: -3_600_000 });
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    const { wallet, asked } = countingWallet();
    const e = await refusedUnsigned(
      () => executeWithWallet(client, { ...c, wallet, store: memoryDepositStore() }),
      asked,
    );
    expect(isServiceError(e, "ClockSkew"), String(e)).toBe(true);
    // Through the honest client the same intent is paid (its deadline by the service's true
    // clock): the counting wallet can be asked.
    const r = await executeWithWallet(honest, {
      ...c,
      executeDeadline: undefined,
      wallet,
      store: memoryDepositStore(),
    });
    expect(r.reused).toBe(false);
    expect(asked.count).toBe(1);
  });
});
