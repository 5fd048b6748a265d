/**
 * No raw viem error, abort, string or foreign value leaves the wallet entry. Before money could
 * have left: a nonce already used is `NonceRace` (another sender raced), a chain mismatch
 * `WrongChain`, anything else `WalletRpc` with `sent: false`; the SDK's own errors and aborts
 * pass unchanged. After (the wallet was asked, or the deposit's hash is known): whatever does
 * not already say where the money is becomes `DepositOutcomeUnknown` with the hash, the refund
 * time and the original as `cause`, its message saying not to pay again.
 */
import { ChainMismatchError, HttpRequestError, NonceTooLowError } from "viem";
import { describe, expect, it } from "vitest";
import type { Intent } from "../../../generated/types.js";
import { isServiceError, QuoteExpiredError } from "../../../src/errors.js";
import { afterSending, typed } from "../../../src/wallet/failures.js";
import {
  DepositMismatchError,
  DepositStrandedError,
  WalletRpcError,
} from "../../../src/wallet/index.js";

const chain = {
  id: 1,
  name: "one",
  nativeCurrency: { name: "E", symbol: "E", decimals: 18 },
  rpcUrls: { default: { http: [] } },
};
const HASH = `0x${"ab".repeat(32)}` as const;
const intent = {
  originChainId: 42161,
  originIntentAddress: "0x00000000000000000000000000000000000000aa",
  timedRefundUnlockTimestamp: 1_900_000_000n,
} as unknown as Intent;

describe("the wallet entry's errors before money could have left", () => {
  it("a nonce already used is NonceRace, naming the race", () => {
    const e = typed(new NonceTooLowError({ nonce: 3 }), 42161);
    expect(isServiceError(e, "NonceRace")).toBe(true);
    expect((e as Error).message).toMatch(/another transaction from this account/);
  });

  it("a chain mismatch is WrongChain", () => {
    const e = typed(new ChainMismatchError({ chain, currentChainId: 8453 }), 42161);
    expect(isServiceError(e, "WrongChain") && e.expectedChainId === 42161).toBe(true);
  });

  it("anything else is WalletRpc saying nothing was sent, the original as cause", () => {
    const raw = new HttpRequestError({ url: "http://127.0.0.1:1", details: "ECONNREFUSED" });
    const e = typed(raw, 42161);
    expect(isServiceError(e, "WalletRpc") && e.sent === false).toBe(true);
    expect((e as Error).message).toMatch(/nothing was sent$/);
    expect((e as Error).cause).toBe(raw);
  });

  it.each([
    ["a string", "boom"],
    ["undefined", undefined],
    ["a number", 7],
    [
      "an object whose toString throws",
      {
        toString: () => {
          throw new Error("x");
        },
      },
    ],
  ])("%s thrown is WalletRpc, never raw", (_name, thrown) => {
    const e = typed(thrown, 42161);
    expect(e).toBeInstanceOf(WalletRpcError);
    expect((e as WalletRpcError).sent).toBe(false);
  });

  it("the SDK's own errors and aborts pass unchanged; names work across realms", () => {
    const mine = new DepositMismatchError("depositTransaction.to", "a", "b");
    expect(typed(mine, 42161)).toBe(mine);
    const abort = new DOMException("stop", "AbortError");
    expect(typed(abort, 42161)).toBe(abort);
    // Another realm's copy: only its shape and names.
    const copy = JSON.parse(JSON.stringify(mine.toJSON()));
    const foreign = Object.assign(new Error(copy.msg), { ...copy, name: "DepositMismatchError" });
    expect(isServiceError(foreign, "DepositMismatch")).toBe(true);
    expect(isServiceError(foreign, "WrongChain")).toBe(false);
    expect(mine.toJSON()).toMatchObject({
      field: "depositTransaction.to",
      expected: "a",
      found: "b",
      code: -200,
    });
  });
});

describe("after the deposit left: DepositOutcomeUnknown with the hash", () => {
  it.each([
    ["an abort", new DOMException("stop", "AbortError")],
    ["a timeout", new DOMException("late", "TimeoutError")],
    ["a string thrown by a store", "disk full"],
    ["a service error (QuoteExpired)", new QuoteExpiredError({})],
    ["a node error", new HttpRequestError({ url: "http://127.0.0.1:1" })],
  ])("%s", async (_name, thrown) => {
    const e = await afterSending(HASH, intent, () => Promise.reject(thrown)).catch((x) => x);
    expect(isServiceError(e, "DepositOutcomeUnknown"), String(e)).toBe(true);
    if (!isServiceError(e, "DepositOutcomeUnknown")) return;
    expect(e.hash).toBe(HASH);
    expect(e.refundAfter).toBe(new Date(1_900_000_000_000).toISOString());
    expect(e.cause).toBe(thrown);
    expect(e.message).toMatch(new RegExp(`${HASH} left the wallet.*Do not pay again`));
  });

  it("errors that already say where the money is pass unchanged", async () => {
    const s = new DepositStrandedError(HASH, "0xaa", 1n, undefined);
    expect(await afterSending(HASH, intent, () => Promise.reject(s)).catch((x) => x)).toBe(s);
  });

  it("asked to send, hash not known: DepositOutcomeUnknown saying the wallet was asked", async () => {
    const e = await afterSending(undefined, intent, () => Promise.reject("gone")).catch((x) => x);
    expect(isServiceError(e, "DepositOutcomeUnknown")).toBe(true);
    expect((e as Error).message).toMatch(/^the wallet was asked to send the deposit, then: gone/);
  });
});
