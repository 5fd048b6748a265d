/**
 * Errors of the wallet step, built as the client's errors are (`defineError`): each is a
 * `ServiceError` with a negative client-side code of its own and `status` 0 (no service answered),
 * and a name of `isServiceError` (`isServiceError(e, "DepositMismatch")`), which also works
 * across realms. None is retryable as it stands: each needs the caller to act (switch the wallet,
 * fund it, look at the chain or the service) before trying again.
 */
import { defineError } from "../errors/define-error.js";
import type { ErrorDefinition, ServiceErrorOptions } from "../errors/service-error.js";

function def<E extends string>(error: E, code: number, message: string) {
  return { name: `${error}Error` as `${E}Error`, error, code, status: 0, message };
}

/** The class of `definition`, whose own fields join `toJSON` (bigints as decimal strings). */
function walletError<Name extends string>(definition: ErrorDefinition & { readonly name: Name }) {
  return class extends defineError(definition) {
    override toJSON(): Record<string, unknown> {
      const out = super.toJSON();
      for (const [k, v] of Object.entries(this))
        if (!(k in out)) out[k] = typeof v === "bigint" ? `${v}` : v;
      return out;
    }
  };
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
export class DepositMismatchError extends walletError(MISMATCH) {
  /** The field that disagrees, e.g. `depositTransaction.data`. */
  readonly field: string;
  /** What the intent implies. */
  readonly expected: string;
  /** What the instructions say. */
  readonly found: string;
  constructor(field: string, expected: string, found: string, options: ServiceErrorOptions = {}) {
    super({ message: `deposit refused: ${field} is ${found}, expected ${expected}`, ...options });
    this.field = field;
    this.expected = expected;
    this.found = found;
  }
}

/**
 * The wallet (or `publicClient`) is on another chain than the deposit's and did not switch (it
 * cannot, refused, or was switched away while the deposit was prepared). Nothing was sent.
 */
export class WrongChainError extends walletError(WRONG_CHAIN) {
  /** The chain the deposit must be sent on. */
  readonly expectedChainId: number;
  /** The wallet's chain (0 when unknown). */
  readonly walletChainId: number;
  constructor(expectedChainId: number, walletChainId: number, options: ServiceErrorOptions = {}) {
    super({
      message: `the wallet is on chain ${walletChainId}, the deposit is on chain ${expectedChainId}`,
      ...options,
    });
    this.expectedChainId = expectedChainId;
    this.walletChainId = walletChainId;
  }
}

/**
 * The paying account holds less than the deposit needs: `need` of `token` (the zero address for
 * the native token, whose `need` includes the gas), and it has `have`. Nothing was sent.
 */
export class InsufficientBalanceError extends walletError(BALANCE) {
  /** The token that is short (the zero address: native currency). */
  readonly token: string;
  /** What the account holds, in base units. */
  readonly have: bigint;
  /** What the deposit needs, in base units. */
  readonly need: bigint;
  constructor(token: string, have: bigint, need: bigint, options: ServiceErrorOptions = {}) {
    super({ message: `balance of ${token} is ${have}, the deposit needs ${need}`, ...options });
    this.token = token;
    this.have = have;
    this.need = need;
  }
}

/**
 * The deposit reverted: mined with a failed status (`hash` set: the chain's receipt says so, no
 * token moved), or refused by the node's simulation before it was sent (`hash` undefined).
 */
export class DepositRevertedError extends walletError(REVERTED) {
  /** The reverted transaction, when it was sent. */
  readonly hash: string | undefined;
  constructor(hash: string | undefined, options: ServiceErrorOptions = {}) {
    super({
      message: hash
        ? `the deposit ${hash} reverted (its receipt on chain says so): no token moved`
        : "the deposit would revert: not sent",
      ...options,
    });
    this.hash = hash;
  }
}

/** The user refused the deposit (or the permit signature) in the wallet. Nothing was sent. */
export class DepositRejectedError extends walletError(REJECTED) {}

/**
 * A deposit for this intent was started (the store holds a "sending" record) but its hash was
 * never recorded and the chain shows no deposit: it may have been lost, or may still arrive. The
 * caller decides: look at the wallet's history, or call again with `ifOutcomeUnknown: "send"`.
 */
export class DepositOutcomeUnknownError extends walletError(UNKNOWN) {
  /** The store key of the intent's record. */
  readonly key: string;
  constructor(key: string, options: ServiceErrorOptions = {}) {
    super({
      message: `a deposit was started for ${key} but its outcome is not known; check the wallet before sending again`,
      ...options,
    });
    this.key = key;
  }
}

/**
 * The service says the intent no longer waits for a deposit (EXECUTING, SUCCEEDED, FAILED,
 * REFUNDED, …): nothing was sent. `intentStatus` is its status there, `depositTransactionHash` the
 * deposit its receipt names, if any.
 */
export class IntentNotAwaitingDepositError extends walletError(NOT_WAITING) {
  /** The intent's status at the service. */
  readonly intentStatus: string;
  /** The deposit the service's receipt names, when it names one. */
  readonly depositTransactionHash: string | undefined;
  constructor(status: string, hash: string | undefined, options: ServiceErrorOptions = {}) {
    super({
      message: `the intent is ${status} at the service${hash ? ` (deposit ${hash})` : ""}: nothing was sent`,
      ...options,
    });
    this.intentStatus = status;
    this.depositTransactionHash = hash;
  }
}

/**
 * The intent's execute window ends before a deposit sent now could confirm (`deadline` minus
 * `marginMs`, in the service's time): nothing was signed. Quote and commit again.
 */
export class ExecuteWindowClosedError extends walletError(WINDOW) {
  /** The last moment ExecuteIntent is accepted (the service's clock). */
  readonly deadline: string;
  /** The service's time when it was checked. */
  readonly serviceTime: string;
  /** The margin kept for the deposit to confirm, in ms. */
  readonly marginMs: number;
  constructor(deadline: number, serviceTime: number, marginMs: number) {
    const [d, now] = [new Date(deadline).toISOString(), new Date(serviceTime).toISOString()];
    super({
      message: `the execute window ends at ${d}; it is ${now} at the service and a deposit needs ${marginMs / 1000} s to confirm: nothing was signed, quote and commit again`,
    });
    this.deadline = d;
    this.serviceTime = now;
    this.marginMs = marginMs;
  }
}

/**
 * The service's clock (from its `Date` header) and the origin chain's clock (its latest block, or
 * this machine's clock when later) differ by more than `maxSkewMs`: no deadline is signed on the
 * service's word.
 */
export class ClockSkewError extends walletError(SKEW) {
  /** The service's time. */
  readonly serviceTime: string;
  /** The chain's time. */
  readonly chainTime: string;
  /** The largest difference accepted, in ms. */
  readonly maxSkewMs: number;
  constructor(serviceMs: number, chainMs: number, maxSkewMs: number) {
    const [s, c] = [new Date(serviceMs).toISOString(), new Date(chainMs).toISOString()];
    super({
      message: `the service's clock says ${s}, the chain's ${c}: more than ${maxSkewMs / 1000} s apart, nothing was signed`,
    });
    this.serviceTime = s;
    this.chainTime = c;
    this.maxSkewMs = maxSkewMs;
  }
}

/**
 * The node refused the deposit because its nonce was already used: another transaction from the
 * same account (another process, tab or wallet) was sent meanwhile. This deposit was not sent;
 * look at the account's latest transactions before trying again.
 */
export class NonceRaceError extends walletError(NONCE) {}

/**
 * A wallet or node call failed in a way the SDK cannot name (the node is down, the RPC answered
 * an error). `sent` says whether a deposit may have left: `false` when the failure came before the
 * wallet was asked to send.
 */
export class WalletRpcError extends walletError(RPC) {
  /** Whether a deposit may have been sent (`false`: certainly not). */
  readonly sent: boolean;
  constructor(sent: boolean, options: ServiceErrorOptions = {}) {
    super({
      ...options,
      message: `${options.message ?? RPC.message}${sent ? "" : ": nothing was sent"}`,
    });
    this.sent = sent;
  }
}

/**
 * A deposit was made for this intent and the service refused it (ExecuteIntent answered an
 * error): it is recorded as refused and never reused. The money sits at `intentAddress` (`amount`
 * base units) and comes back to the owner once the timed refund unlocks (`refundAfter`).
 */
export class DepositStrandedError extends walletError(STRANDED) {
  /** The refused deposit. */
  readonly hash: string;
  /** Where the money is. */
  readonly intentAddress: string;
  /** How much, in base units of the origin token. */
  readonly amount: bigint;
  /** When the timed refund unlocks (RFC 3339), when the intent says. */
  readonly refundAfter: string | undefined;
  constructor(
    hash: string,
    intentAddress: string,
    amount: bigint,
    refundAfter: string | undefined,
    options: ServiceErrorOptions = {},
  ) {
    super({
      message: `the deposit ${hash} was refused by the service: ${amount} base units are at ${intentAddress}${refundAfter ? `, refunded to the owner after ${refundAfter}` : ""}; not paid again`,
      ...options,
    });
    this.hash = hash;
    this.intentAddress = intentAddress;
    this.amount = amount;
    this.refundAfter = refundAfter;
  }
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
