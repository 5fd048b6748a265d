/**
 * Errors of the wallet step, built as the client's errors are (`defineError`): each is a
 * `ServiceError` with a negative client-side code of its own and `status` 0 (no service answered),
 * and a name of `isServiceError` (`isServiceError(e, "DepositMismatch")`), which also works
 * across realms. None is retryable as it stands: each needs the caller to act (switch the wallet,
 * fund it, look at the chain or the service) before trying again.
 */
import { defineError, type SchemaError, type SchemaErrorClass } from "../errors/define-error.js";
import type { ErrorDefinition, ServiceErrorOptions } from "../errors/service-error.js";

function def<E extends string>(error: E, code: number, message: string) {
  return { name: `${error}Error` as `${E}Error`, error, code, status: 0, message };
}

/** A wallet error's class: its own arguments, then the usual options. */
type WalletErrorClass<Name extends string, Args extends unknown[]> = Omit<
  SchemaErrorClass<Name>,
  "prototype"
> &
  (new (
    ...args: [...Args, ServiceErrorOptions?]
  ) => SchemaError<Name>);

/**
 * The class of `definition`: its constructor takes `fields` in order (then the options), keeps
 * them on the instance and in `toJSON` (bigints as decimal strings), and writes its message with
 * `message` when given.
 */
function walletError<Name extends string, Args extends unknown[] = []>(
  definition: ErrorDefinition & { readonly name: Name },
  fields: readonly string[] = [],
  message?: (...args: Args) => string,
): WalletErrorClass<Name, Args> {
  return class extends defineError(definition) {
    constructor(...args: unknown[]) {
      const options = args[fields.length] as ServiceErrorOptions | undefined;
      super({ ...(message && { message: message(...(args as Args)) }), ...options });
      fields.forEach((f, i) => {
        (this as Record<string, unknown>)[f] = args[i];
      });
    }
    override toJSON(): Record<string, unknown> {
      const out = super.toJSON();
      for (const f of fields) {
        const v = (this as Record<string, unknown>)[f];
        out[f] = typeof v === "bigint" ? `${v}` : v;
      }
      return out;
    }
  } as unknown as WalletErrorClass<Name, Args>;
}

const MISMATCH = def("DepositMismatch", -200, "the deposit instructions disagree with the intent");
const WRONG_CHAIN = def("WrongChain", -201, "the wallet is on another chain than the deposit's");
const BALANCE = def("InsufficientBalance", -202, "the wallet cannot pay the deposit");
const REVERTED = def("DepositReverted", -203, "the deposit transaction reverted");
const REJECTED = def("DepositRejected", -204, "the deposit was refused in the wallet");
const UNKNOWN = def("DepositOutcomeUnknown", -205, "whether the deposit was sent is not known");
const NOT_WAITING = def(
  "IntentNotAwaitingDeposit",
  -206,
  "the service no longer waits for this intent's deposit",
);
const WINDOW = def(
  "ExecuteWindowClosed",
  -207,
  "the execute window ends before a deposit confirms",
);
const SKEW = def("ClockSkew", -208, "the service's clock is too far from the chain's");
const NONCE = def("NonceRace", -209, "another transaction from this account took the nonce");
const RPC = def("WalletRpc", -210, "a wallet or node call failed");
const STRANDED = def("DepositStranded", -211, "a deposit for this intent was refused");

/**
 * The service's deposit instructions disagree with the intent that was quoted: nothing was signed
 * or sent. `field` names what disagrees (`depositTransaction.to`), `expected` what the intent
 * implies and `found` what the instructions say.
 *
 * @example
 * try { checkDeposit(intent) } catch (e) { if (isServiceError(e, "DepositMismatch")) report(e.field) }
 */
export class DepositMismatchError extends walletError(
  MISMATCH,
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
  WRONG_CHAIN,
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
  BALANCE,
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
  REVERTED,
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
export class DepositRejectedError extends walletError(REJECTED) {}

/**
 * A deposit for this intent was started (the store holds a "sending" record) but its hash was
 * never recorded and the chain shows no deposit: it may have been lost, or may still arrive. The
 * caller decides: look at the wallet's history, or call again with `ifOutcomeUnknown: "send"`.
 */
export class DepositOutcomeUnknownError extends walletError(
  UNKNOWN,
  ["key"],
  (key: string) =>
    `a deposit was started for ${key} but its outcome is not known; check the wallet before sending again`,
) {
  /** The store key of the intent's record. */
  declare readonly key: string;
}

/**
 * The service says the intent no longer waits for a deposit (FAILED, REFUNDED, …): nothing was
 * sent. `intentStatus` is its status there, `depositTransactionHash` the deposit its receipt
 * names, if any.
 */
export class IntentNotAwaitingDepositError extends walletError(
  NOT_WAITING,
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
  WINDOW,
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
  SKEW,
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
export class NonceRaceError extends walletError(NONCE) {}

/**
 * A wallet or node call failed in a way the SDK cannot name (the node is down, the RPC answered
 * an error). `sent` says whether a deposit may have left: `false` when the failure came before the
 * wallet was asked to send.
 */
export class WalletRpcError extends walletError<typeof RPC.name, [sent: boolean]>(RPC, ["sent"]) {
  /** Whether a deposit may have been sent (`false`: certainly not). */
  declare readonly sent: boolean;
}

/**
 * A deposit was made for this intent and the service refused it (ExecuteIntent answered an
 * error): it is recorded as refused and never reused. The money sits at `intentAddress` (`amount`
 * base units) and comes back to the owner once the timed refund unlocks (`refundAfter`).
 */
export class DepositStrandedError extends walletError(
  STRANDED,
  ["hash", "intentAddress", "amount", "refundAfter"],
  (hash: string, at: string, amount: bigint, after: string | undefined) =>
    `the deposit ${hash} was refused by the service: ${amount} base units are at ${at}${after ? `, refunded to the owner after ${after}` : ""}; not paid again`,
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
export type WalletErrorName =
  | "DepositMismatch"
  | "WrongChain"
  | "InsufficientBalance"
  | "DepositReverted"
  | "DepositRejected"
  | "DepositOutcomeUnknown"
  | "IntentNotAwaitingDeposit"
  | "ExecuteWindowClosed"
  | "ClockSkew"
  | "NonceRace"
  | "WalletRpc"
  | "DepositStranded";

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
