/**
 * The state shared by the operations of one server, and what each call is given.
 */

import type { ChainSet } from "../chains/index.js";
import type { ResolvedOptions } from "../config/index.js";
import type { DevServerStats, LoopSlices, OneAtATime } from "../core/index.js";
import type { ChainFault } from "../faults/index.js";
import type { IntentRecord, IntentStore, Timing } from "../intents/index.js";
import type { BalanceIndex, CatalogueIndex } from "../market/index.js";
import type { LongPolls } from "./long-polls.js";

/** One server's state. */
export interface ServerState {
  readonly options: ResolvedOptions;
  readonly catalogue: CatalogueIndex;
  readonly balances: BalanceIndex;
  readonly store: IntentStore;
  readonly stats: DevServerStats;
  readonly timing: Timing;
  /** The WaitIntentReceipt calls being held (woken on state changes and on close). */
  readonly polls: LongPolls;
  /** Turns of the event loop for long work (large bodies, their answers, ended long polls). */
  readonly slices: LoopSlices;
  /** QuoteIntent calls, built one at a time (a quote pauses while hashing; see `quote-intent.ts`). */
  readonly quotes: OneAtATime;
  /** Real chains, when the server runs on them; `undefined` in the simulated mode. */
  readonly chains: ChainRuntime | undefined;
  closed: boolean;
}

/** A server's side of its real chains. */
export interface ChainRuntime {
  readonly set: ChainSet;
  /** Deposit hashes (lowercase) being checked by an ExecuteIntent not yet answered. */
  readonly claimed: Set<string>;
  /**
   * Intents whose ExecuteIntent is being checked, each with its execution's arguments (`argsKey`)
   * and the answer to come (a repeat of the same execution waits for it).
   */
  readonly executing: Map<string, { argsKey: string; answered: Promise<unknown> }>;
  /** Executions still running (awaited on close). */
  readonly running: Set<Promise<void>>;
}

/** What one call of an operation is given. */
export interface CallContext {
  readonly server: ServerState;
  /** How this answer writes amounts: the request's `X-Bigint-As`, else the server's default. */
  readonly bigintAs: "number" | "string";
  /** The clock's time when the request arrived. */
  readonly now: number;
  /** `performance.now()` when the request arrived (real time, for `longPollMs`). */
  readonly arrivedMs: number;
  /** Project of the caller's access key (1 for public calls). */
  readonly projectId: number;
  /** Whether the key sees every project's intents (`allProjects`), not only its own. */
  readonly allProjects: boolean;
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
  /** A chain fault asked for this call (ExecuteIntent on real chains). */
  readonly chainFault?: ChainFault;
}

/** Wakes the held long polls on `rec` (every one when absent, as on close): something changed. */
export function notifyChange(server: ServerState, rec?: IntentRecord): void {
  server.polls.changed(rec);
}
