/**
 * `checkDeposit` against intents quoted by the dev server: the untouched instructions pass and
 * give back exactly the transaction they describe; each alteration is refused, naming its field.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Intent } from "../../../generated/types.js";
import type { DevServer } from "../../../src/devserver/index.js";
import { checkDeposit, DepositMismatchError, transferCalldata } from "../../../src/wallet/index.js";
import { TEST_ACCOUNT_0 } from "../../kit/constants.js";
import { NATIVE, request, service, USDC_ARB } from "../../kit/wallet/setup.js";

const OTHER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
let srv: DevServer;
let erc20: Intent;
let native: Intent;

beforeAll(async () => {
  const s = await service();
  srv = s.srv;
  erc20 = (await s.client.quoteIntent(request(TEST_ACCOUNT_0, USDC_ARB, 25_000_000n))).intent;
  native = (await s.client.quoteIntent(request(TEST_ACCOUNT_0, NATIVE, 10n ** 16n))).intent;
});
afterAll(() => srv.close());

/** A deep copy of `intent` with `change` applied. */
function altered(intent: Intent, change: (i: Intent) => void): Intent {
  const copy = structuredClone(intent);
  change(copy);
  return copy;
}

function refusal(
  intent: Intent,
  options?: Parameters<typeof checkDeposit>[1],
): DepositMismatchError {
  try {
    checkDeposit(intent, options);
  } catch (e) {
    expect(e).toBeInstanceOf(DepositMismatchError);
    return e as DepositMismatchError;
  }
  throw new Error("checkDeposit accepted the altered intent");
}

describe("checkDeposit", () => {
  it("accepts the quoted ERC-20 deposit and returns the transfer it describes", () => {
    const d = checkDeposit(erc20, { from: TEST_ACCOUNT_0 });
    const dt = erc20.depositTransaction;
    expect(d.native).toBe(false);
    expect(d.amount).toBe(dt.amount);
    expect(d.tx.to).toBe(USDC_ARB.toLowerCase());
    expect(d.tx.value).toBe(0n);
    expect(d.tx.data).toBe(dt.data?.toLowerCase());
    expect(d.tx.data).toBe(transferCalldata(erc20.originIntentAddress, dt.amount));
  });

  it("accepts the quoted native deposit: value to the intent address, no calldata", () => {
    const d = checkDeposit(native, { from: TEST_ACCOUNT_0.toLowerCase() });
    expect(d.native).toBe(true);
    expect(d.tx).toEqual({
      to: native.originIntentAddress.toLowerCase(),
      data: undefined,
      value: native.depositTransaction.amount,
    });
  });

  const cases: [string, () => Intent, string][] = [
    [
      "chain",
      () =>
        altered(erc20, (i) => {
          i.depositTransaction.chainId = 8453;
        }),
      "depositTransaction.chainId",
    ],
    [
      "token",
      () =>
        altered(erc20, (i) => {
          i.depositTransaction.tokenAddress = NATIVE;
        }),
      "depositTransaction.tokenAddress",
    ],
    [
      "deposit address",
      () =>
        altered(erc20, (i) => {
          i.depositTransaction.toAddress = OTHER;
        }),
      "depositTransaction.toAddress",
    ],
    [
      "intent address (instructions follow it)",
      () =>
        altered(erc20, (i) => {
          i.originIntentAddress = OTHER;
        }),
      "depositTransaction.toAddress",
    ],
    [
      "amount above the quote",
      () =>
        altered(erc20, (i) => {
          i.depositTransaction.amount += 1n;
        }),
      "depositTransaction.amount",
    ],
    [
      "amount one base unit below the quote (calldata matching)",
      () =>
        altered(erc20, (i) => {
          i.depositTransaction.amount -= 1n;
          i.depositTransaction.data = transferCalldata(
            i.originIntentAddress,
            i.depositTransaction.amount,
          );
        }),
      "depositTransaction.amount",
    ],
    [
      "amount zero",
      () =>
        altered(erc20, (i) => {
          i.depositTransaction.amount = 0n;
        }),
      "depositTransaction.amount",
    ],
    [
      "ERC-20 target",
      () =>
        altered(erc20, (i) => {
          i.depositTransaction.to = OTHER;
        }),
      "depositTransaction.to",
    ],
    [
      "ERC-20 value",
      () =>
        altered(erc20, (i) => {
          i.depositTransaction.value = 1n;
        }),
      "depositTransaction.value",
    ],
    [
      "ERC-20 calldata: another recipient",
      () =>
        altered(erc20, (i) => {
          i.depositTransaction.data = transferCalldata(OTHER, i.depositTransaction.amount);
        }),
      "depositTransaction.data",
    ],
    [
      "ERC-20 calldata: another amount",
      () =>
        altered(erc20, (i) => {
          i.depositTransaction.data = transferCalldata(
            i.originIntentAddress,
            i.depositTransaction.amount * 2n,
          );
        }),
      "depositTransaction.data",
    ],
    [
      "ERC-20 calldata: approve instead of transfer",
      () =>
        altered(erc20, (i) => {
          i.depositTransaction.data = `0x095ea7b3${(i.depositTransaction.data ?? "").slice(10)}`;
        }),
      "depositTransaction.data",
    ],
    [
      "ERC-20 calldata: extra bytes",
      () =>
        altered(erc20, (i) => {
          i.depositTransaction.data = `${i.depositTransaction.data}00`;
        }),
      "depositTransaction.data",
    ],
    [
      "native target",
      () =>
        altered(native, (i) => {
          i.depositTransaction.to = OTHER;
        }),
      "depositTransaction.to",
    ],
    [
      "native value",
      () =>
        altered(native, (i) => {
          i.depositTransaction.value = (i.depositTransaction.value ?? 0n) + 1n;
        }),
      "depositTransaction.value",
    ],
    [
      "native calldata",
      () =>
        altered(native, (i) => {
          i.depositTransaction.data = "0xdeadbeef";
        }),
      "depositTransaction.data",
    ],
    [
      "quoted token",
      () =>
        altered(erc20, (i) => {
          i.quoteRequest.originTokenAddress = NATIVE;
        }),
      "depositTransaction.tokenAddress",
    ],
    [
      "owner",
      () =>
        altered(erc20, (i) => {
          i.ownerAddress = OTHER;
        }),
      "ownerAddress",
    ],
    [
      // A service answer read with `validate: "off"` can lack it: a typed refusal, no TypeError.
      "intent without its quote request",
      () =>
        altered(erc20, (i) => {
          delete (i as Partial<Intent>).quoteRequest;
        }),
      "quoteRequest.originTokenAddress",
    ],
    [
      "malformed address",
      () =>
        altered(erc20, (i) => {
          i.depositTransaction.toAddress = "0x1234";
        }),
      "depositTransaction.toAddress",
    ],
  ];
  it.each(cases)("refuses an altered %s", (_name, make, field) => {
    const e = refusal(make(), { from: TEST_ACCOUNT_0 });
    expect(e.field).toBe(field);
    expect(e.code).toBe(-200);
    expect(e.message).toContain(field);
    expect(e.toJSON()).toMatchObject({ name: "DepositMismatchError", field });
  });

  it("refuses more than the caller's maxAmount, and accepts exactly it", () => {
    const amount = erc20.depositTransaction.amount;
    expect(refusal(erc20, { maxAmount: amount - 1n }).field).toBe("depositTransaction.amount");
    expect(checkDeposit(erc20, { maxAmount: amount }).amount).toBe(amount);
  });

  it("refuses a payer other than the owner unless allowed", () => {
    const e = refusal(erc20, { from: OTHER });
    expect([e.field, e.expected, e.found]).toEqual([
      "ownerAddress",
      TEST_ACCOUNT_0.toLowerCase(),
      OTHER.toLowerCase(),
    ]);
    expect(checkDeposit(erc20, { from: OTHER, allowOtherPayer: true }).owner).toBe(
      TEST_ACCOUNT_0.toLowerCase(),
    );
  });

  it("accepts instructions that leave out optional fields, building the transaction itself", () => {
    const bare = altered(erc20, (i) => {
      const { toAddress, tokenAddress, amount } = i.depositTransaction;
      i.depositTransaction = { toAddress, tokenAddress, amount };
    });
    expect(checkDeposit(bare).tx).toEqual(checkDeposit(erc20).tx);
  });
});
