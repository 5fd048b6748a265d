/**
 * The state shared by the operations of one server, and what each call is given.
 */
import type { BalanceIndex } from "./balances.js";
import type { CatalogueIndex } from "./catalogue.js";
import type { Timing } from "./lifecycle.js";
import type { ResolvedOptions } from "./options.js";
import type { DevServerStats } from "./stats.js";
import type { IntentStore } from "./store.js";

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
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
}

/** An operation: a decoded, validated request in, a response object out (or a thrown error). */
export type Operation = (request: never, ctx: CallContext) => unknown;

/** Wakes the pending long polls: something changed. */
export function notifyChange(server: ServerState): void {
  for (const wake of server.wake) wake();
}
