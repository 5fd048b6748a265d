/**
 * The table of the errors the SDK raises itself, beside the schema's (`generated/error-codes.ts`):
 * one row per error, its class name, wire name, code, status and message. Their codes are negative
 * and below webrpc's own transport codes (-1 … -9), so they never collide with a server's. The
 * classes are made from these rows by `defineError` (`client/client-errors.ts`, and the wallet
 * step's in `errors/wallet-errors.ts`, status 0: no service answered); more errors join by adding
 * rows.
 */
import type { ErrorDefinition } from "./service-error.js";

/** The rows, by wire name. */
export const CLIENT_ERRORS = {
  RequestTimeout: {
    name: "RequestTimeoutError",
    error: "RequestTimeout",
    code: -100,
    status: 0,
    message: "request timed out on the client",
  },
  ResponseValidation: {
    name: "ResponseValidationError",
    error: "ResponseValidation",
    code: -101,
    status: 200,
    message: "response does not match the schema",
  },
  RedirectRefused: {
    name: "RedirectRefusedError",
    error: "RedirectRefused",
    code: -102,
    status: 0,
    message: "the server answered with a redirect, which the client does not follow",
  },
  IntentMismatch: {
    name: "IntentMismatchError",
    error: "IntentMismatch",
    code: -103,
    status: 0,
    message: "the service's answer does not match the request",
  },
} as const satisfies Record<string, ErrorDefinition>;

/** The rows of the wallet step's errors (`xchain-intents/viem`), by wire name. */
export const WALLET_ERRORS = {
  DepositMismatch: {
    name: "DepositMismatchError",
    error: "DepositMismatch",
    code: -200,
    status: 0,
    message: "the deposit instructions disagree with the intent",
  },
  WrongChain: {
    name: "WrongChainError",
    error: "WrongChain",
    code: -201,
    status: 0,
    message: "the wallet is on another chain than the deposit's",
  },
  InsufficientBalance: {
    name: "InsufficientBalanceError",
    error: "InsufficientBalance",
    code: -202,
    status: 0,
    message: "the wallet cannot pay the deposit",
  },
  DepositReverted: {
    name: "DepositRevertedError",
    error: "DepositReverted",
    code: -203,
    status: 0,
    message: "the deposit transaction reverted",
  },
  DepositRejected: {
    name: "DepositRejectedError",
    error: "DepositRejected",
    code: -204,
    status: 0,
    message: "the deposit was refused in the wallet",
  },
  DepositOutcomeUnknown: {
    name: "DepositOutcomeUnknownError",
    error: "DepositOutcomeUnknown",
    code: -205,
    status: 0,
    message: "whether the deposit was sent is not known",
  },
  IntentNotAwaitingDeposit: {
    name: "IntentNotAwaitingDepositError",
    error: "IntentNotAwaitingDeposit",
    code: -206,
    status: 0,
    message: "the service no longer waits for this intent's deposit",
  },
  ExecuteWindowClosed: {
    name: "ExecuteWindowClosedError",
    error: "ExecuteWindowClosed",
    code: -207,
    status: 0,
    message: "the execute window ends before a deposit confirms",
  },
  ClockSkew: {
    name: "ClockSkewError",
    error: "ClockSkew",
    code: -208,
    status: 0,
    message: "the service's clock is too far from the chain's",
  },
  NonceRace: {
    name: "NonceRaceError",
    error: "NonceRace",
    code: -209,
    status: 0,
    message: "another transaction from this account took the nonce",
  },
  WalletRpc: {
    name: "WalletRpcError",
    error: "WalletRpc",
    code: -210,
    status: 0,
    message: "a wallet or node call failed",
  },
  DepositStranded: {
    name: "DepositStrandedError",
    error: "DepositStranded",
    code: -211,
    status: 0,
    message: "a deposit for this intent was refused",
  },
} as const satisfies Record<string, ErrorDefinition>;
