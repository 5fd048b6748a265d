/**
 * What an execution on real chains needs to know: its chains, the deposit expected and the one
 * named, the payout, and the server's clock and hooks.
 */
import type { ExpectedDeposit } from "./deposit-check.js";
import type { Payout } from "./filler.js";
import type { Rpc } from "./rpc.js";

/** What an execution needs to know. */
export interface ExecutionJob {
  origin: Rpc;
  destination: Rpc;
  deposit: ExpectedDeposit;
  depositHash: string;
  owner: string;
  payout: Payout;
  /** The server's clock. */
  now: () => number;
  /** Told after every change of the progress. */
  changed: () => void;
  /** Whether the server has closed (the execution then stops where it is). */
  closed: () => boolean;
  /** Delays the payout by this many ms (a chain fault); 0 by default. */
  payoutDelayMs?: number;
  /** Resumes an execution restored from a state file: steps already on chain are not repeated. */
  resume?: boolean;
  /**
   * Blocks the deposit, and then the origin transaction, must be deep (1: mined) before the
   * execution goes on; default 1.
   */
  confirmations?: number;
  /**
   * Real ms of each receipt stage, when the execution is paced (`stageMs` given): transaction k
   * (deposit 1, origin 2, payout 3) shows SUCCEEDED no earlier than 3·k stages after it started.
   */
  stageMs?: number;
  /** Whether the payout has a row in the receipt (a cross-chain intent); paced only then. */
  payoutShown?: boolean;
}
