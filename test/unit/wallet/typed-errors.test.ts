/**
 * No raw viem error leaves the wallet entry: a nonce already used is `NonceRace` (another sender
 * raced), a chain mismatch `WrongChain`, anything else `WalletRpc` saying whether a deposit may
 * have left; the SDK's own errors and aborts pass unchanged. Each is a name of `isServiceError`.
 */
import { ChainMismatchError, HttpRequestError, NonceTooLowError } from "viem";
import { describe, expect, it } from "vitest";
import { isServiceError } from "../../../src/index.js";
import { DepositMismatchError } from "../../../src/wallet/index.js";
import { typed } from "../../../src/wallet/wallet-errors.js";

const chain = {
  id: 1,
  name: "one",
  nativeCurrency: { name: "E", symbol: "E", decimals: 18 },
  rpcUrls: { default: { http: [] } },
};

describe("the wallet entry's errors", () => {
  it("a nonce already used is NonceRace, naming the race", () => {
    const e = typed(new NonceTooLowError({ nonce: 3 }), true, 42161);
    expect(isServiceError(e, "NonceRace")).toBe(true);
    expect((e as Error).message).toMatch(/another transaction from this account/);
  });

  it("a chain mismatch is WrongChain", () => {
    const e = typed(new ChainMismatchError({ chain, currentChainId: 8453 }), false, 42161);
    expect(isServiceError(e, "WrongChain") && e.expectedChainId === 42161).toBe(true);
  });

  it("anything else is WalletRpc: sent or certainly not, the original as cause", () => {
    const raw = new HttpRequestError({ url: "http://127.0.0.1:1", details: "ECONNREFUSED" });
    const before = typed(raw, false, 1);
    expect(isServiceError(before, "WalletRpc") && before.sent === false).toBe(true);
    expect((before as Error).message).toMatch(/nothing was sent$/);
    expect((before as Error).cause).toBe(raw);
    const after = typed(raw, true, 1);
    expect(isServiceError(after, "WalletRpc") && after.sent === true).toBe(true);
  });

  it("the SDK's own errors and aborts pass unchanged; names work across realms", () => {
    const mine = new DepositMismatchError("depositTransaction.to", "a", "b");
    expect(typed(mine, false, 1)).toBe(mine);
    const abort = new DOMException("stop", "AbortError");
    expect(typed(abort, false, 1)).toBe(abort);
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
