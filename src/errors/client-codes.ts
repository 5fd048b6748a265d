/**
 * The table of the errors the SDK raises itself, beside the schema's (`generated/error-codes.ts`):
 * one row per error, its class name, wire name, code, status and message. Their codes are negative
 * and below webrpc's own transport codes (-1 … -9), so they never collide with a server's. The
 * classes are made from these rows by `defineError` (`client/client-errors.ts`, and the wallet
 * step's in `errors/wallet-errors.ts`, status 0: no service answered); more errors join by adding
 * rows.
 */
import type { ErrorDefinition } from "./service-error.js";

/**
 * A row: its class name is the wire name and `Error` (`RequestTimeout` → `RequestTimeoutError`),
 * written once instead of twice in every bundle.
 */
function row<E extends string>(
  error: E,
  code: number,
  status: number,
  message: string,
): { readonly name: `${E}Error`; readonly error: E } & ErrorDefinition {
  return { name: `${error}Error`, error, code, status, message };
}

/** The rows, by wire name. */
export const CLIENT_ERRORS = {
  RequestTimeout: /* @__PURE__ */ row("RequestTimeout", -100, 0, "request timed out on the client"),
  ResponseValidation: /* @__PURE__ */ row(
    "ResponseValidation",
    -101,
    200,
    "response does not match the schema",
  ),
  RedirectRefused: /* @__PURE__ */ row(
    "RedirectRefused",
    -102,
    0,
    "the server answered with a redirect, which the client does not follow",
  ),
  IntentMismatch: /* @__PURE__ */ row(
    "IntentMismatch",
    -103,
    0,
    "the service's answer does not match the request",
  ),
} satisfies Record<string, ErrorDefinition>;

/** The rows of the wallet step's errors (`xchain-intents/viem`), by wire name. */
export const WALLET_ERRORS = {
  DepositMismatch: /* @__PURE__ */ row(
    "DepositMismatch",
    -200,
    0,
    "the deposit instructions disagree with the intent",
  ),
  WrongChain: /* @__PURE__ */ row(
    "WrongChain",
    -201,
    0,
    "the wallet is on another chain than the deposit's",
  ),
  InsufficientBalance: /* @__PURE__ */ row(
    "InsufficientBalance",
    -202,
    0,
    "the wallet cannot pay the deposit",
  ),
  DepositReverted: /* @__PURE__ */ row(
    "DepositReverted",
    -203,
    0,
    "the deposit transaction reverted",
  ),
  DepositRejected: /* @__PURE__ */ row(
    "DepositRejected",
    -204,
    0,
    "the deposit was refused in the wallet",
  ),
  DepositOutcomeUnknown: /* @__PURE__ */ row(
    "DepositOutcomeUnknown",
    -205,
    0,
    "whether the deposit was sent is not known",
  ),
  IntentNotAwaitingDeposit: /* @__PURE__ */ row(
    "IntentNotAwaitingDeposit",
    -206,
    0,
    "the service no longer waits for this intent's deposit",
  ),
  ExecuteWindowClosed: /* @__PURE__ */ row(
    "ExecuteWindowClosed",
    -207,
    0,
    "the execute window ends before a deposit confirms",
  ),
  ClockSkew: /* @__PURE__ */ row(
    "ClockSkew",
    -208,
    0,
    "the service's clock is too far from the chain's",
  ),
  NonceRace: /* @__PURE__ */ row(
    "NonceRace",
    -209,
    0,
    "another transaction from this account took the nonce",
  ),
  WalletRpc: /* @__PURE__ */ row("WalletRpc", -210, 0, "a wallet or node call failed"),
  DepositStranded: /* @__PURE__ */ row(
    "DepositStranded",
    -211,
    0,
    "a deposit for this intent was refused",
  ),
} satisfies Record<string, ErrorDefinition>;
