/**
 * The state shared by the operations of one server, and what each call is given.
 */

import type { ResolvedOptions } from "../config/index.js";
import type { DevServerStats } from "../core/index.js";
import type { IntentStore, Timing } from "../intents/index.js";
import type { BalanceIndex, CatalogueIndex } from "../market/index.js";

/** One server's state. */
export interface ServerState {
  readonly options: ResolvedOptions;
  readonly catalogue: CatalogueIndex;
  readonly balances: BalanceIndex;
  readonly store: IntentStore;
  readonly stats: DevServerStats;
  readonly timing: Timing;
  /** Wakes every pending long poll (on state changes and on close). */
  readonly wake: Set<() => void>;
  closed: boolean;
}

/** What one call of an operation is given. */
export interface CallContext {
  readonly server: ServerState;
  /** The clock's time when the request arrived. */
  readonly now: number;
  /** Project of the caller's access key (1 for public calls). */
  readonly projectId: number;
  /** Whether the key sees every project's intents (`allProjects`), not only its own. */
  readonly allProjects: boolean;
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
}

/** An operation: a decoded, validated request in, a response object out (or a thrown error). */
export type Operation = (request: never, ctx: CallContext) => unknown;

/** Wakes the pending long polls: something changed. */
export function notifyChange(server: ServerState): void {
  for (const wake of server.wake) wake();
}
