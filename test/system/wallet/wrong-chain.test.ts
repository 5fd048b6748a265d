/**
 * The wallet's chain is the chain it sends on. A wallet whose chain id says the origin chain while
 * its node serves another (wagmi's mock connector after a chain switch) is refused before
 * anything is signed: `WrongChainError` saying its node serves another chain, for a token deposit
 * (the token has no code there) and a native one (a recent block differs from the origin
 * chain's). A deposit the wallet says it sent but the origin chain never shows is
 * `DepositOutcomeUnknownError` naming the chain after the bound, never an endless wait.
 */
import { createPublicClient, createWalletClient, custom, http } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { type IntentClient, isServiceError } from "../../../src/index.js";
import { executeWithWallet, memoryDepositStore } from "../../../src/wallet/index.js";
import { injectedProvider, injectedWallet } from "../../kit/wallet/provider.js";
import {
  chainOf,
  NATIVE,
  request,
  service,
  testAccount,
  USDC_ARB,
  walletState,
} from "../../kit/wallet/setup.js";

const AMOUNT = 2_000_000n;
let srv: DevServer;
let client: IntentClient;
let arb: string;
let base: string;

beforeAll(async () => {
  ({ srv, client } = await service(true));
  arb = srv.chains[42161]?.rpcUrl as string;
  base = srv.chains[8453]?.rpcUrl as string;
}, 30_000);
afterAll(() => srv?.close());

/** The owner's state on both chains: unchanged when nothing was sent anywhere. */
async function both(owner: string, token: string) {
  return [await walletState(srv, 42161, token, owner), await walletState(srv, 8453, NATIVE, owner)];
}

describe("a wallet whose node serves another chain than its chain id says", () => {
  it("a token deposit: WrongChainError before anything is signed", async () => {
    const { owner } = testAccount(srv, 6);
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    // Says 42161, reads and sends through the Base node.
    const mock = injectedWallet({ chains: { 42161: base }, start: 42161, account: owner });
    const before = await both(owner, USDC_ARB);
    const e = await executeWithWallet(client, {
      ...c,
      wallet: mock.wallet,
      store: memoryDepositStore(),
    }).catch((x: unknown) => x as Error);
    expect(isServiceError(e, "WrongChain"), String(e)).toBe(true);
    expect((e as Error).message).toMatch(/node serves another chain than 42161/);
    expect((e as Error).message).toMatch(/token .* has no code there/);
    expect(mock.asked).not.toContain("eth_sendTransaction");
    expect(await both(owner, USDC_ARB)).toEqual(before);
  });

  it("a native deposit sent through it: not seen on the origin chain, DepositOutcomeUnknown naming it, no endless wait", async () => {
    const { owner } = testAccount(srv, 5);
    const c = await client.quoteAndCommit(request(owner, NATIVE, 10n ** 15n));
    const mock = injectedWallet({ chains: { 42161: base }, start: 42161, account: owner });
    const publicClient = createPublicClient({ chain: chainOf(srv, 42161), transport: http(arb) });
    const before = await walletState(srv, 42161, NATIVE, owner);
    const e = await executeWithWallet(client, {
      ...c,
      wallet: mock.wallet,
      publicClient,
      store: memoryDepositStore(),
      seenTimeoutMs: 1_000,
    }).then(
      () => ({ hash: undefined, message: "paid" }),
      (x: unknown) => x as Error & { hash?: string },
    );
    expect(isServiceError(e, "DepositOutcomeUnknown"), String(e)).toBe(true);
    expect(e.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(e.message).toMatch(/chain 42161 does not show it/);
    // Nothing left on the origin chain.
    expect(await walletState(srv, 42161, NATIVE, owner)).toEqual(before);
  });
});

describe("a deposit the origin chain never shows", () => {
  it("is DepositOutcomeUnknown naming the chain after seenTimeoutMs", async () => {
    const { owner } = testAccount(srv, 7);
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    // A wallet that answers a send with a hash no node ever saw.
    const { provider } = injectedProvider({ chains: { 42161: arb }, start: 42161, account: owner });
    const ghost = `0x${"5a".repeat(32)}` as const;
    const wallet = createWalletClient({
      account: owner,
      transport: custom({
        request: (a: { method: string; params?: unknown[] }) =>
          a.method === "eth_sendTransaction" ? Promise.resolve(ghost) : provider.request(a),
      }),
      pollingInterval: 50,
    });
    const e = await executeWithWallet(client, {
      ...c,
      wallet,
      store: memoryDepositStore(),
      seenTimeoutMs: 500,
    }).then(
      () => ({ hash: undefined, message: "paid" }),
      (x: unknown) => x as Error & { hash?: string },
    );
    expect(isServiceError(e, "DepositOutcomeUnknown"), String(e)).toBe(true);
    expect(e.hash).toBe(ghost);
    expect(e.message).toMatch(/chain 42161 does not show it/);
  });
});
