/**
 * Errors of the wallet step, built as the client's errors are: `defineError` from their rows in the
 * SDK's table of errors (`WALLET_ERRORS` in `errors/client-codes.ts`), each a `ServiceError` with a
 * negative client-side code of its own and `status` 0 (no service answered), its fields written by
 * the one `toJSON` of `ServiceError`, and a name of `isServiceError`
 * (`isServiceError(e, "DepositMismatch")`), which also works across realms. None is retryable as
 * it stands: each needs the caller to act (switch the wallet, fund it, look at the chain or the
 * service) before trying again. Each constructor takes its fields in order, then the options.
 */
import { WALLET_ERRORS as W } from "../errors/client-codes.js";
import { defineError, type NoFields } from "../errors/define-error.js";
import type { ServiceErrorOptions } from "../errors/service-error.js";

/**
 * The service's deposit instructions disagree with the intent that was quoted: nothing was signed
 * or sent. `field` names what disagrees (`depositTransaction.to`), `expected` what the intent
 * implies and `found` what the instructions say.
 *
 * @example
 * try { checkDeposit(intent) } catch (e) { if (isServiceError(e, "DepositMismatch")) report(e.field) }
 */
export class DepositMismatchError extends /* @__PURE__ */ defineError<
  typeof W.DepositMismatch.name,
  { field: string; expected: string; found: string }
>(W.DepositMismatch, { fields: ["field", "expected", "found"] }) {
  constructor(field: string, expected: string, found: string, options?: ServiceErrorOptions) {
    const message = `deposit refused: ${field} is ${found}, expected ${expected}`;
    super({ message, ...options, field, expected, found });
  }
  /** The field that disagrees, e.g. `depositTransaction.data`. */
  declare readonly field: string;
  /** What the intent implies. */
  declare readonly expected: string;
  /** What the instructions say. */
  declare readonly found: string;
}

/**
 * The wallet (or `publicClient`) is on another chain than the deposit's and did not switch (it
 * cannot, refused, or was switched away while the deposit was prepared). Nothing was sent.
 */
export class WrongChainError extends /* @__PURE__ */ defineError<
  typeof W.WrongChain.name,
  { expectedChainId: number; walletChainId: number }
>(W.WrongChain, { fields: ["expectedChainId", "walletChainId"] }) {
  constructor(expectedChainId: number, walletChainId: number, options?: ServiceErrorOptions) {
    const message = `the wallet is on chain ${walletChainId}, the deposit is on chain ${expectedChainId}`;
    super({ message, ...options, expectedChainId, walletChainId });
  }
  /** The chain the deposit must be sent on. */
  declare readonly expectedChainId: number;
  /** The wallet's chain (0 when unknown). */
  declare readonly walletChainId: number;
}

/**
 * The paying account holds less than the deposit needs: `need` of `token` (the zero address for
 * the native token, whose `need` includes the gas), and it has `have`. Nothing was sent.
 */
export class InsufficientBalanceError extends /* @__PURE__ */ defineError<
  typeof W.InsufficientBalance.name,
  { token: string; have: bigint; need: bigint }
>(W.InsufficientBalance, { fields: ["token", "have", "need"] }) {
  constructor(token: string, have: bigint, need: bigint, options?: ServiceErrorOptions) {
    const message = `balance of ${token} is ${have}, the deposit needs ${need}`;
    super({ message, ...options, token, have, need });
  }
  /** The token that is short (the zero address: native currency). */
  declare readonly token: string;
  /** What the account holds, in base units. */
  declare readonly have: bigint;
  /** What the deposit needs, in base units. */
  declare readonly need: bigint;
}

/**
 * The deposit reverted: mined with a failed status (`hash` set: the chain's receipt says so, no
 * token moved), or refused by the node's simulation before it was sent (`hash` undefined).
 */
export class DepositRevertedError extends /* @__PURE__ */ defineError<
  typeof W.DepositReverted.name,
  { hash: string | undefined }
>(W.DepositReverted, { fields: ["hash"] }) {
  constructor(hash: string | undefined, options?: ServiceErrorOptions) {
    const message = hash
      ? `the deposit ${hash} reverted (its receipt on chain says so): no token moved`
      : "the deposit would revert: not sent";
    super({ message, ...options, hash });
  }
  /** The reverted transaction, when it was sent. */
  declare readonly hash: string | undefined;
}

/** The user refused the deposit (or the permit signature) in the wallet. Nothing was sent. */
export class DepositRejectedError extends /* @__PURE__ */ defineError<
  typeof W.DepositRejected.name,
  NoFields
>(W.DepositRejected, {}) {}

/**
 * A deposit for this intent was started (the store holds a "sending" record) but its hash was
 * never recorded and the chain shows no deposit: it may have been lost, or may still arrive. The
 * caller decides: look at the wallet's history, or call again with `ifOutcomeUnknown: "send"`.
 */
export class DepositOutcomeUnknownError extends /* @__PURE__ */ defineError<
  typeof W.DepositOutcomeUnknown.name,
  { key: string }
>(W.DepositOutcomeUnknown, { fields: ["key"] }) {
  constructor(key: string, options?: ServiceErrorOptions) {
    const message = `a deposit was started for ${key} but its outcome is not known; check the wallet before sending again`;
    super({ message, ...options, key });
  }
  /** The store key of the intent's record. */
  declare readonly key: string;
}

/**
 * The service says the intent no longer waits for a deposit (FAILED, REFUNDED, …): nothing was
 * sent. `intentStatus` is its status there, `depositTransactionHash` the deposit its receipt
 * names, if any.
 */
export class IntentNotAwaitingDepositError extends /* @__PURE__ */ defineError<
  typeof W.IntentNotAwaitingDeposit.name,
  { intentStatus: string; depositTransactionHash: string | undefined }
>(W.IntentNotAwaitingDeposit, { fields: ["intentStatus", "depositTransactionHash"] }) {
  constructor(
    intentStatus: string,
    depositTransactionHash: string | undefined,
    options?: ServiceErrorOptions,
  ) {
    const deposit = depositTransactionHash ? ` (deposit ${depositTransactionHash})` : "";
    const message = `the intent is ${intentStatus} at the service${deposit}: nothing was sent`;
    super({ message, ...options, intentStatus, depositTransactionHash });
  }
  /** The intent's status at the service. */
  declare readonly intentStatus: string;
  /** The deposit the service's receipt names, when it names one. */
  declare readonly depositTransactionHash: string | undefined;
}

/**
 * The intent's execute window ends before a deposit sent now could confirm (`deadline` minus
 * `marginMs`, in the service's time): nothing was signed. Quote and commit again.
 */
export class ExecuteWindowClosedError extends /* @__PURE__ */ defineError<
  typeof W.ExecuteWindowClosed.name,
  { deadline: string; serviceTime: string; marginMs: number }
>(W.ExecuteWindowClosed, { fields: ["deadline", "serviceTime", "marginMs"] }) {
  constructor(
    deadline: string,
    serviceTime: string,
    marginMs: number,
    options?: ServiceErrorOptions,
  ) {
    const message = `the execute window ends at ${deadline}; it is ${serviceTime} at the service and a deposit needs ${marginMs / 1000} s to confirm: nothing was signed, quote and commit again`;
    super({ message, ...options, deadline, serviceTime, marginMs });
  }
  /** The last moment ExecuteIntent is accepted (the service's clock, RFC 3339). */
  declare readonly deadline: string;
  /** The service's time when it was checked (RFC 3339). */
  declare readonly serviceTime: string;
  /** The margin kept for the deposit to confirm, in ms. */
  declare readonly marginMs: number;
}

/**
 * The service's clock (from its `Date` header) and the origin chain's clock (its latest block, or
 * this machine's clock when later) differ by more than `maxSkewMs`: no deadline is signed on the
 * service's word.
 */
export class ClockSkewError extends /* @__PURE__ */ defineError<
  typeof W.ClockSkew.name,
  { serviceTime: string; chainTime: string; maxSkewMs: number }
>(W.ClockSkew, { fields: ["serviceTime", "chainTime", "maxSkewMs"] }) {
  constructor(
    serviceTime: string,
    chainTime: string,
    maxSkewMs: number,
    options?: ServiceErrorOptions,
  ) {
    const message = `the service's clock says ${serviceTime}, the chain's ${chainTime}: more than ${maxSkewMs / 1000} s apart, nothing was signed`;
    super({ message, ...options, serviceTime, chainTime, maxSkewMs });
  }
  /** The service's time (RFC 3339). */
  declare readonly serviceTime: string;
  /** The chain's time (RFC 3339). */
  declare readonly chainTime: string;
  /** The largest difference accepted, in ms. */
  declare readonly maxSkewMs: number;
}

/**
 * The node refused the deposit because its nonce was already used: another transaction from the
 * same account (another process, tab or wallet) was sent meanwhile. This deposit was not sent;
 * look at the account's latest transactions before trying again.
 */
export class NonceRaceError extends /* @__PURE__ */ defineError<typeof W.NonceRace.name, NoFields>(
  W.NonceRace,
  {},
) {}

/**
 * A wallet or node call failed in a way the SDK cannot name (the node is down, the RPC answered
 * an error). `sent` says whether a deposit may have left: `false` when the failure came before the
 * wallet was asked to send.
 */
export class WalletRpcError extends /* @__PURE__ */ defineError<
  typeof W.WalletRpc.name,
  { sent: boolean }
>(W.WalletRpc, { fields: ["sent"] }) {
  constructor(sent: boolean, options?: ServiceErrorOptions) {
    super({ ...options, sent });
  }
  /** Whether a deposit may have been sent (`false`: certainly not). */
  declare readonly sent: boolean;
}

/**
 * A deposit was made for this intent and the service refused it (ExecuteIntent answered an
 * error): it is recorded as refused and never reused. The money sits at `intentAddress` (`amount`
 * base units) and comes back to the owner once the timed refund unlocks (`refundAfter`).
 */
export class DepositStrandedError extends /* @__PURE__ */ defineError<
  typeof W.DepositStranded.name,
  { hash: string; intentAddress: string; amount: bigint; refundAfter: string | undefined }
>(W.DepositStranded, { fields: ["hash", "intentAddress", "amount", "refundAfter"] }) {
  constructor(
    hash: string,
    intentAddress: string,
    amount: bigint,
    refundAfter: string | undefined,
    options?: ServiceErrorOptions,
  ) {
    const after = refundAfter ? `, refunded to the owner after ${refundAfter}` : "";
    const message = `the deposit ${hash} was refused by the service: ${amount} base units are at ${intentAddress}${after}; not paid again`;
    super({ message, ...options, hash, intentAddress, amount, refundAfter });
  }
  /** The refused deposit. */
  declare readonly hash: string;
  /** Where the money is. */
  declare readonly intentAddress: string;
  /** How much, in base units of the origin token. */
  declare readonly amount: bigint;
  /** When the timed refund unlocks (RFC 3339), when the intent says. */
  declare readonly refundAfter: string | undefined;
}

/** Wire names of the wallet step's errors. */
export type WalletErrorName = keyof typeof W;

/** The error type of each wallet wire name, for `isServiceError(e, name)`. */
export interface WalletErrorTypes {
  DepositMismatch: DepositMismatchError;
  WrongChain: WrongChainError;
  InsufficientBalance: InsufficientBalanceError;
  DepositReverted: DepositRevertedError;
  DepositRejected: DepositRejectedError;
  DepositOutcomeUnknown: DepositOutcomeUnknownError;
  IntentNotAwaitingDeposit: IntentNotAwaitingDepositError;
  ExecuteWindowClosed: ExecuteWindowClosedError;
  ClockSkew: ClockSkewError;
  NonceRace: NonceRaceError;
  WalletRpc: WalletRpcError;
  DepositStranded: DepositStrandedError;
}
