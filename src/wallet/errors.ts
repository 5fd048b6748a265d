/**
 * Errors of the wallet step. Each is a `ServiceError` (so `isServiceError` recognises it, also
 * across realms) with a negative client-side code of its own and `status` 0: no service answered.
 * None is retryable as it stands: each needs the caller to act (switch the wallet, fund it, look
 * at the chain) before trying again.
 */
import {
  type ErrorDefinition,
  ServiceError,
  type ServiceErrorOptions,
} from "../errors/service-error.js";

function def(name: string, code: number, message: string): ErrorDefinition {
  return { name: `${name}Error`, error: name, code, status: 0, message };
}

const MISMATCH = def("DepositMismatch", -200, "the deposit instructions disagree with the intent");
const WRONG_CHAIN = def("WrongChain", -201, "the wallet is on another chain than the deposit's");
const BALANCE = def("InsufficientBalance", -202, "the wallet cannot pay the deposit");
const REVERTED = def("DepositReverted", -203, "the deposit transaction reverted");
const REJECTED = def("DepositRejected", -204, "the deposit was refused in the wallet");
const UNKNOWN = def("DepositOutcomeUnknown", -205, "whether the deposit was sent is not known");

/** The errors below: their own fields join `toJSON` (bigints as decimal strings). */
class WalletStepError extends ServiceError {
  override toJSON(): Record<string, unknown> {
    const out = super.toJSON();
    for (const [k, v] of Object.entries(this))
      if (!(k in out)) out[k] = typeof v === "bigint" ? `${v}` : v;
    return out;
  }
}

/**
 * The service's deposit instructions disagree with the intent that was quoted: nothing was signed
 * or sent. `field` names what disagrees (`depositTransaction.to`), `expected` what the intent
 * implies and `found` what the instructions say.
 *
 * @example
 * try { checkDeposit(intent) } catch (e) { if (e instanceof DepositMismatchError) report(e.field) }
 */
export class DepositMismatchError extends WalletStepError {
  /** The field that disagrees, e.g. `depositTransaction.data`. */
  readonly field: string;
  /** What the intent implies. */
  readonly expected: string;
  /** What the instructions say. */
  readonly found: string;
  constructor(field: string, expected: string, found: string, options: ServiceErrorOptions = {}) {
    super(MISMATCH, {
      message: `deposit refused: ${field} is ${found}, expected ${expected}`,
      ...options,
    });
    this.field = field;
    this.expected = expected;
    this.found = found;
  }
}

/**
 * The wallet is on another chain than the deposit's and did not switch (it cannot, or refused).
 * Nothing was sent.
 */
export class WrongChainError extends WalletStepError {
  /** The chain the deposit must be sent on. */
  readonly expectedChainId: number;
  /** The wallet's chain. */
  readonly walletChainId: number;
  constructor(expectedChainId: number, walletChainId: number, options: ServiceErrorOptions = {}) {
    super(WRONG_CHAIN, {
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
export class InsufficientBalanceError extends WalletStepError {
  /** The token that is short (the zero address: native currency). */
  readonly token: string;
  /** What the account holds, in base units. */
  readonly have: bigint;
  /** What the deposit needs, in base units. */
  readonly need: bigint;
  constructor(token: string, have: bigint, need: bigint, options: ServiceErrorOptions = {}) {
    super(BALANCE, {
      message: `balance of ${token} is ${have}, the deposit needs ${need}`,
      ...options,
    });
    this.token = token;
    this.have = have;
    this.need = need;
  }
}

/**
 * The deposit transaction reverted, mined (`hash` set) or when simulated before sending (`hash`
 * undefined). No money moved; a new attempt may be made.
 */
export class DepositRevertedError extends WalletStepError {
  /** The reverted transaction, when it was sent. */
  readonly hash: string | undefined;
  constructor(hash: string | undefined, options: ServiceErrorOptions = {}) {
    super(REVERTED, {
      message: hash ? `the deposit ${hash} reverted` : "the deposit would revert: not sent",
      ...options,
    });
    this.hash = hash;
  }
}

/** The user refused the deposit (or the permit signature) in the wallet. Nothing was sent. */
export class DepositRejectedError extends WalletStepError {
  constructor(options: ServiceErrorOptions = {}) {
    super(REJECTED, options);
  }
}

/**
 * A deposit for this intent was started (the store holds a "sending" record) but its hash was
 * never recorded and the chain shows no deposit: it may have been lost, or may still arrive. The
 * caller decides: look at the wallet's history, or call again with `ifOutcomeUnknown: "send"`.
 */
export class DepositOutcomeUnknownError extends WalletStepError {
  /** The store key of the intent's record. */
  readonly key: string;
  constructor(key: string, options: ServiceErrorOptions = {}) {
    super(UNKNOWN, {
      message: `a deposit was started for ${key} but its outcome is not known; check the wallet before sending again`,
      ...options,
    });
    this.key = key;
  }
}
