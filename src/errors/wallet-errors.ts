/**
 * Errors of the wallet step, built as the client's errors are: `defineError` from their rows in the
 * SDK's table of errors (`WALLET_ERRORS` in `errors/client-codes.ts`), each a `ServiceError` with a
 * negative client-side code of its own and `status` 0 (no service answered), its fields written by
 * the one `toJSON` of `ServiceError` (amounts as decimal strings), and a name of `isServiceError`
 * (`isServiceError(e, "DepositMismatch")`), which also works across realms. None is retryable as
 * it stands: each needs the caller to act (switch the wallet, fund it, look at the chain or the
 * service) before trying again.
 *
 * They live in this room, not the wallet's, so that `xchain-intents/errors` holds every class the
 * SDK throws and the wallet entry imports them from there (see `tsup.config.ts`): one class
 * object, whichever entry a caller imports it from.
 */
import { WALLET_ERRORS as W } from "./client-codes.js";
import { defineError, type SchemaError, type SchemaErrorClass } from "./define-error.js";
import type { ErrorDefinition, ServiceErrorOptions } from "./service-error.js";

/** A wallet error's class: its own arguments, then the usual options. */
type WalletErrorClass<Name extends string, Args extends unknown[]> = Omit<
  SchemaErrorClass<Name>,
  "prototype"
> &
  (new (
    ...args: [...Args, ServiceErrorOptions?]
  ) => SchemaError<Name>);

/**
 * The class `defineError` makes of the row `definition`, its constructor taking `fields` in order
 * (then the options) and writing its message with `message` when given; a message in the options
 * wins over it.
 */
function walletError<Name extends string, Args extends unknown[] = []>(
  definition: ErrorDefinition & { readonly name: Name },
  fields: readonly string[] = [],
  message?: (...args: Args) => string,
): WalletErrorClass<Name, Args> {
  return class extends defineError<Name, Record<string, unknown>>(definition, { fields }) {
    constructor(...args: unknown[]) {
      const options: Record<string, unknown> = {
        message: message?.(...(args as Args)),
        ...(args[fields.length] as ServiceErrorOptions | undefined),
      };
      fields.forEach((f, i) => {
        options[f] = args[i];
      });
      super(options);
    }
  } as unknown as WalletErrorClass<Name, Args>;
}

/**
 * The service's deposit instructions disagree with the intent that was quoted: nothing was signed
 * or sent. `field` names what disagrees (`depositTransaction.to`), `expected` what the intent
 * implies and `found` what the instructions say.
 *
 * @example
 * try { checkDeposit(intent) } catch (e) { if (isServiceError(e, "DepositMismatch")) report(e.field) }
 */
export class DepositMismatchError extends walletError(
  W.DepositMismatch,
  ["field", "expected", "found"],
  (field: string, expected: string, found: string) =>
    `deposit refused: ${field} is ${found}, expected ${expected}`,
) {
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
export class WrongChainError extends walletError(
  W.WrongChain,
  ["expectedChainId", "walletChainId"],
  (expected: number, wallet: number) =>
    `the wallet is on chain ${wallet}, the deposit is on chain ${expected}`,
) {
  /** The chain the deposit must be sent on. */
  declare readonly expectedChainId: number;
  /** The wallet's chain (0 when unknown). */
  declare readonly walletChainId: number;
}

/**
 * The paying account holds less than the deposit needs: `need` of `token` (the zero address for
 * the native token, whose `need` includes the gas), and it has `have`. Nothing was sent.
 */
export class InsufficientBalanceError extends walletError(
  W.InsufficientBalance,
  ["token", "have", "need"],
  (token: string, have: bigint, need: bigint) =>
    `balance of ${token} is ${have}, the deposit needs ${need}`,
) {
  /** The token that is short (the zero address: native currency). */
  declare readonly token: string;
  /** What the account holds, in base units. */
  declare readonly have: bigint;
  /** What the deposit needs, in base units. */
  declare readonly need: bigint;
}

/**
 * The deposit reverted: mined with a failed status (`hash` set: the chain's receipt says so, read
 * twice; no token moved), or refused by the node's simulation (`hash` undefined: not sent, and
 * when the wallet was asked, the account's nonce is still unused on chain).
 */
export class DepositRevertedError extends walletError(
  W.DepositReverted,
  ["hash"],
  (hash: string | undefined) =>
    hash
      ? `the deposit ${hash} reverted (its receipt on chain says so): no token moved`
      : "the deposit would revert: not sent",
) {
  /** The reverted transaction, when it was sent. */
  declare readonly hash: string | undefined;
}

/**
 * The user refused the deposit (or the permit signature) in the wallet, and the account's nonce
 * is still unused on chain: nothing was sent. Also a deposit cancelled or replaced in the wallet
 * after it was sent: another transaction was mined at its nonce, so no deposit was made.
 */
export class DepositRejectedError extends walletError(W.DepositRejected) {}

/**
 * Whether the deposit left, or what became of it, is not known, so nothing more is sent: a
 * deposit was started (the store holds a "sending" record) but its hash was never recorded and
 * the chain shows none; the intent address holds the deposit but no transaction paying it was
 * found; a receipt changed when read again; the wallet refused but the account's nonce moved;
 * the account has transactions still pending; or the deposit left (`hash`) and then something
 * failed before the service's answer was known (an abort, a timeout, a 5xx, a store that threw).
 * The caller decides: look at the wallet's history or the intent, then call again (a deposit on
 * chain is reused), or call with `ifOutcomeUnknown: "send"`. Never pay again while `hash` is set.
 */
export class DepositOutcomeUnknownError extends walletError(
  W.DepositOutcomeUnknown,
  ["key", "hash", "refundAfter"],
  (key: string, hash: string | undefined, _refundAfter: string | undefined) =>
    `a deposit ${hash ?? ""} was started for ${key} but its outcome is not known; check the wallet before sending again`,
) {
  /** The store key of the intent's record. */
  declare readonly key: string;
  /** The deposit's transaction hash, when it left the wallet. */
  declare readonly hash: string | undefined;
  /** When the intent's timed refund unlocks (RFC 3339), when known. */
  declare readonly refundAfter: string | undefined;
}

/**
 * The service says the intent no longer waits for a deposit (FAILED, REFUNDED, …): nothing was
 * sent. `intentStatus` is its status there, `depositTransactionHash` the deposit its receipt
 * names, if any.
 */
export class IntentNotAwaitingDepositError extends walletError(
  W.IntentNotAwaitingDeposit,
  ["intentStatus", "depositTransactionHash"],
  (status: string, hash: string | undefined) =>
    `the intent is ${status} at the service${hash ? ` (deposit ${hash})` : ""}: nothing was sent`,
) {
  /** The intent's status at the service. */
  declare readonly intentStatus: string;
  /** The deposit the service's receipt names, when it names one. */
  declare readonly depositTransactionHash: string | undefined;
}

/**
 * The intent's execute window ends before a deposit sent now could confirm (`deadline` minus
 * `marginMs`, in the service's time): nothing was signed. Quote and commit again.
 */
export class ExecuteWindowClosedError extends walletError(
  W.ExecuteWindowClosed,
  ["deadline", "serviceTime", "marginMs"],
  (deadline: string, now: string, marginMs: number) =>
    `the execute window ends at ${deadline}; it is ${now} at the service and a deposit needs ${marginMs / 1000} s to confirm: nothing was signed, quote and commit again`,
) {
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
export class ClockSkewError extends walletError(
  W.ClockSkew,
  ["serviceTime", "chainTime", "maxSkewMs"],
  (service: string, chain: string, max: number) =>
    `the service's clock says ${service}, the chain's ${chain}: more than ${max / 1000} s apart, nothing was signed`,
) {
  /** The service's time (RFC 3339). */
  declare readonly serviceTime: string;
  /** The chain's time (RFC 3339). */
  declare readonly chainTime: string;
  /** The largest difference accepted, in ms. */
  declare readonly maxSkewMs: number;
}

/**
 * The node refused the deposit because its nonce was already used: another transaction from the
 * same account (another process, tab or wallet) was sent meanwhile. This deposit was not sent,
 * but the other may be one: the record stays "sending", so a later call reuses a deposit found on
 * chain and otherwise needs `ifOutcomeUnknown: "send"`.
 */
export class NonceRaceError extends walletError(W.NonceRace) {}

/**
 * A wallet or node call failed in a way the SDK cannot name (the node is down, the RPC answered
 * an error). `sent` says whether a deposit may have left: `false` when the failure came before the
 * wallet was asked to send.
 */
export class WalletRpcError extends walletError<typeof W.WalletRpc.name, [sent: boolean]>(
  W.WalletRpc,
  ["sent"],
) {
  /** Whether a deposit may have been sent (`false`: certainly not). */
  declare readonly sent: boolean;
}

/**
 * A deposit was made for this intent and the service refused it (ExecuteIntent answered an
 * error, the service's error as `cause`, and GetIntent confirmed the intent is neither executing
 * nor done): it is recorded as refused and never reused nor repeated. The money sits at `intentAddress` (`amount`
 * base units) and comes back to the owner once the timed refund unlocks (`refundAfter`).
 */
export class DepositStrandedError extends walletError(
  W.DepositStranded,
  ["hash", "intentAddress", "amount", "refundAfter"],
  (hash: string, at: string, amount: bigint, after: string | undefined) =>
    `the deposit ${hash} left the wallet and was refused by the service: ${amount} base units are at ${at}${after ? `, refunded to the owner after ${after}` : ""}; do not pay again`,
) {
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
