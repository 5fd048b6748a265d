/**
 * The wallet step's errors are made by `defineError` from their rows in the SDK's one table of
 * errors (`WALLET_ERRORS`): each class carries its row (name, wire name, code, status 0), keeps its
 * fields, and is written by `ServiceError`'s one `toJSON` (amounts as decimal strings).
 */
import { describe, expect, it } from "vitest";
import { WALLET_ERRORS } from "../../../src/errors/client-codes.js";
import { isServiceError, ServiceError } from "../../../src/index.js";
import * as wallet from "../../../src/wallet/index.js";

describe("wallet errors from the table", () => {
  it("one exported class per row, carrying that row", () => {
    const rows = Object.values(WALLET_ERRORS);
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      const cls = (wallet as Record<string, unknown>)[row.name] as
        | { definition: unknown; name: string }
        | undefined;
      expect(cls?.definition, row.name).toBe(row);
      expect(cls?.name).toBe(row.name);
    }
    expect(new Set(rows.map((r) => r.code)).size).toBe(12);
  });

  it("keeps its fields, and writes amounts as decimal strings in JSON", () => {
    const e = new wallet.InsufficientBalanceError("0xToken", 5n, 10n ** 30n);
    expect(e).toBeInstanceOf(ServiceError);
    expect(e).toMatchObject({ code: -202, status: 0, error: "InsufficientBalance", have: 5n });
    expect(e.message).toBe(`balance of 0xToken is 5, the deposit needs ${10n ** 30n}`);
    const json = JSON.parse(JSON.stringify(e));
    expect(json).toMatchObject({
      name: "InsufficientBalanceError",
      have: "5",
      need: `${10n ** 30n}`,
    });
    expect(isServiceError(e, "InsufficientBalance") && e.need === 10n ** 30n).toBe(true);
    const stranded = new wallet.DepositStrandedError("0xh", "0xa", 7n, undefined);
    expect(stranded.toJSON()).toMatchObject({ hash: "0xh", amount: "7", refundAfter: undefined });
  });

  it("a caller's message wins over the written one; the positional fields over the options", () => {
    const e = new wallet.WrongChainError(1, 2, { message: "switch to chain 1" });
    expect(e.message).toBe("switch to chain 1");
    expect([e.expectedChainId, e.walletChainId]).toEqual([1, 2]);
    const rpc = new wallet.WalletRpcError(false);
    expect(rpc.message).toBe(WALLET_ERRORS.WalletRpc.message);
    expect(rpc.toJSON()).toMatchObject({ code: -210, sent: false });
    expect(new wallet.NonceRaceError().toJSON()).not.toHaveProperty("sent");
  });
});
