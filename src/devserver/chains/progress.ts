/**
 * How an execution on real chains is going: each transaction's status and hash as the chain shows
 * them, and the outcome once there is one. The execution updates it as the chain answers; the
 * receipt views read it instead of the simulated mode's clock-driven stages.
 */

/** Statuses a chain transaction of a receipt takes. */
export type ChainTxnStatus =
  | "ON_HOLD"
  | "PENDING"
  | "MINING"
  | "SUCCEEDED"
  | "FAILED"
  | "REVERTED"
  | "ABORTED";

/** One transaction of the execution. */
export interface ChainTxn {
  status: ChainTxnStatus;
  /** Its hash, once it is known (a deposit's from the start). */
  hash?: string;
  /** When it entered this status (the server's clock). */
  since: number;
  /** When it was mined. */
  minedAt?: number;
  /** Why it failed or was aborted. */
  reason?: string;
}

/** The outcome of an execution. */
export interface ChainOutcome {
  status: "SUCCEEDED" | "FAILED" | "REFUNDED";
  at: number;
  reason?: string;
}

/** An execution's progress on chain. */
export interface ChainProgress {
  deposit: ChainTxn;
  origin: ChainTxn;
  /** The payout on the destination chain (also for a same-chain intent, which shows no row for it). */
  destination: ChainTxn;
  /** The deposit sent back to the owner, when the payout reverted. */
  refund?: ChainTxn;
  outcome?: ChainOutcome;
  /**
   * For a native deposit, the service's gas money left at the intent address after the origin
   * transaction, in wei (a decimal string): what of its native balance is not the owner's.
   */
  reserve?: string;
  /**
   * The fee the origin transaction last sent paid from the intent address, in wei (a decimal
   * string): the service's money, back at the address when a reorg takes that transaction away.
   */
  originFee?: string;
}

/** A new progress: the deposit known by its hash (pending or mined), the rest on hold. */
export function startProgress(at: number, depositHash: string): ChainProgress {
  return {
    deposit: { status: "PENDING", hash: depositHash, since: at },
    origin: { status: "ON_HOLD", since: at },
    destination: { status: "ON_HOLD", since: at },
  };
}

/**
 * A refund of money stranded at an intent address (see `stranded.ts`): sent once its intent can
 * no longer execute and its `timedRefundUnlockTimestamp` passed.
 */
export interface StrandedRefund {
  /**
   * PENDING from before it is sent until it is mined; FAILED when the chain lost it after (a
   * reorg: the money is back at the address, and a new refund sends it).
   */
  status: "PENDING" | "SUCCEEDED" | "REVERTED" | "FAILED";
  /** What it sends back, in base units (a decimal string, as the journal keeps it). */
  amount: string;
  /**
   * The token it sends back (the zero address: native), when it is not the intent's own: any
   * asset found at the intent address after the unlock goes back.
   */
  token?: string;
  /**
   * The fee it paid from the intent address, in wei (a decimal string), once mined: the service's
   * gas money, back at the address if a reorg takes the refund away.
   */
  fee?: string;
  /** The intent address's nonce when it was sent: finds it again after a restart. */
  nonce: number;
  /** Its hash, once known. */
  hash?: string;
  /** When it entered this status (the server's clock). */
  since: number;
  /** When it was mined. */
  minedAt?: number;
}

/** What was refunded from an intent address after its intent could no longer execute. */
export interface Recovery {
  /** The service's gas money left at the address, in wei (a decimal string; see `stranded.ts`). */
  reserve: string;
  /** The refunds, oldest first. */
  refunds: StrandedRefund[];
}
