/**
 * `userMessage`: a sentence of its own for every error the SDK can raise, read from the tables
 * the errors come from (the schema's error table, the client's and the wallet step's rows), so a
 * new error without one fails here; amounts in token units with the chain's name; no address,
 * hash or key written in full.
 */
import { describe, expect, it } from "vitest";
import { errorClassByCode } from "../../../generated/error-table.js";
import { CLIENT_ERRORS, WALLET_ERRORS } from "../../../src/errors/client-codes.js";
import { formatUnits } from "../../../src/errors/user-amount.js";
import { FALLBACK_USER_MESSAGE, userMessage } from "../../../src/errors/user-message.js";
import { ServiceError, UnavailableError } from "../../../src/errors.js";
import {
  DepositRevertedError,
  DepositStrandedError,
  InsufficientBalanceError,
  WalletRpcError,
  WrongChainError,
} from "../../../src/wallet/index.js";
import { USDC_ARB, WETH_BASE } from "../../kit/constants.js";

const HEX = /0x[0-9a-fA-F]{12,}/;
const KEY = "key-that-must-not-show";

/** A sentence fit for an end user: its own, short, no long hex, no secret, no base units. */
function expectUserSentence(text: string, developerMessage: string) {
  expect(text).not.toBe(FALLBACK_USER_MESSAGE);
  expect(text).not.toBe(developerMessage);
  expect(text).toMatch(/^[A-Z].*[.]$/);
  expect(text.length).toBeLessThan(140);
  expect(text).not.toMatch(HEX);
  expect(text).not.toContain(KEY);
}

describe("userMessage", () => {
  it.each([...errorClassByCode].map(([code, Class]) => [code, Class] as const))(
    "has a sentence for service error %i",
    (_code, Class) => {
      const e = new Class({ message: `developer text with ${KEY} and ${USDC_ARB}` });
      expectUserSentence(userMessage(e), e.message);
    },
  );

  it.each(Object.values(CLIENT_ERRORS).map((d) => [d.error, d] as const))(
    "has a sentence for the client's own %s",
    (_name, definition) => {
      const e = new ServiceError(definition, { message: `developer text ${KEY}` });
      expectUserSentence(userMessage(e), e.message);
    },
  );

  it.each(Object.values(WALLET_ERRORS).map((d) => [d.error, d] as const))(
    "has a sentence for the wallet step's %s",
    (_name, definition) => {
      const e = new ServiceError(definition, { message: `developer text ${KEY}` });
      expectUserSentence(userMessage(e), e.message);
    },
  );

  it("says what is missing in token units, with the symbol and the chain's name", () => {
    const e = new InsufficientBalanceError(USDC_ARB, 0n, 25_166_782n);
    expect(e.message).toContain("25166782");
    const tokens = [
      { chainId: 42161, address: USDC_ARB.toLowerCase(), symbol: "USDC", decimals: 6 },
      { chainId: 8453, tokenAddress: WETH_BASE, symbol: "WETH", decimals: 18 },
    ];
    expect(userMessage(e, { tokens })).toBe(
      "You need 25.17 USDC on Arbitrum; your wallet has 0. Nothing was sent.",
    );
    // A token the app did not pass: named by a shortened address, never base units.
    const unknown = userMessage(e);
    expect(unknown).toBe(
      "Your wallet does not hold enough of token 0xaf88…5831 for this payment. Nothing was sent.",
    );
  });

  it("picks the token of the chain given when several chains share an address", () => {
    const e = new InsufficientBalanceError(WETH_BASE, 10n ** 15n, 2n * 10n ** 18n + 1n);
    const tokens = [
      { chainId: 8453, address: WETH_BASE, symbol: "WETH", decimals: 18 },
      { chainId: 10, address: WETH_BASE, symbol: "WETH", decimals: 18 },
    ];
    expect(userMessage(e, { tokens, chainId: 10 })).toBe(
      "You need 2.01 WETH on OP Mainnet; your wallet has 0.001. Nothing was sent.",
    );
    // Which chain is not known: the token is not guessed.
    expect(userMessage(e, { tokens })).toContain("of token 0x4200…0006");
  });

  it("names chains, shortens hashes, and tells whether anything may have left", () => {
    expect(userMessage(new WrongChainError(8453, 1))).toBe("Switch your wallet to Base to pay.");
    expect(userMessage(new WrongChainError(31337, 1), { chainNames: { 31337: "Local" } })).toBe(
      "Switch your wallet to Local to pay.",
    );
    const hash = `0x${"ab".repeat(32)}`;
    expect(userMessage(new DepositRevertedError(hash))).toContain("0xabab…abab");
    expect(userMessage(new DepositRevertedError(undefined))).toContain("not sent");
    expect(userMessage(new WalletRpcError(true))).toContain("Check your wallet's activity");
    expect(userMessage(new WalletRpcError(false))).toContain("Nothing was sent");
    const unknown = new ServiceError(WALLET_ERRORS.DepositOutcomeUnknown, {});
    expect(userMessage(unknown)).toContain("activity");
    const stranded = new DepositStrandedError(hash, USDC_ARB, 5n, undefined);
    expect(userMessage(stranded)).toContain("refunded");
    expect(userMessage(stranded)).not.toMatch(HEX);
  });

  it("reads errors of another copy of the SDK by wire name, and says little of the unknown", () => {
    const foreign = { name: "UnavailableError", error: "Unavailable", code: 2002, status: 503 };
    expect(userMessage(foreign)).toBe(userMessage(new UnavailableError()));
    expect(userMessage(new TypeError("Failed to fetch"))).toBe(FALLBACK_USER_MESSAGE);
    expect(userMessage({ error: "__proto__" })).toBe(FALLBACK_USER_MESSAGE);
    expect(userMessage({ error: "toString" })).toBe(FALLBACK_USER_MESSAGE);
    expect(userMessage(null)).toBe(FALLBACK_USER_MESSAGE);
    expect(userMessage(new DOMException("stopped", "AbortError"))).toBe(
      "The request was cancelled.",
    );
  });

  it("rounds what is needed up and what is held down", () => {
    expect(formatUnits(25_166_782n, 6, true)).toBe("25.17");
    expect(formatUnits(25_166_782n, 6, false)).toBe("25.16");
    expect(formatUnits(1n, 6, true)).toBe("0.000001");
    expect(formatUnits(1n, 18, true)).toBe("0.000001");
    expect(formatUnits(1n, 18, false)).toBe("0");
    expect(formatUnits(5n * 10n ** 18n, 18, true)).toBe("5");
    expect(formatUnits(123n, 0, true)).toBe("123");
  });
});
