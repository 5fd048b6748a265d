/**
 * A new server's state: its resolved options, the indexed catalogue and balances, an empty store
 * bounded by the options, fresh counters, and its side of the real chains when it runs on them.
 */
import type { ChainSet } from "../chains/index.js";
import type { ResolvedOptions } from "../config/index.js";
import { LoopSlices, newStats, OneAtATime } from "../core/index.js";
import { IntentStore, isSettled } from "../intents/index.js";
import { indexBalances, indexCatalogue } from "../market/index.js";
import type { ServerState } from "./context.js";
import { LongPolls } from "./long-polls.js";

/** Most time given to long work in one turn of the event loop, milliseconds. */
const SLICE_MS = 5;

/** The state of a server with options `opts`, on `chains` (simulated without). */
export function createServerState(opts: ResolvedOptions, chains?: ChainSet): ServerState {
  const timing = { stageMs: opts.stageMs, executingMs: opts.executingMs };
  const limits = {
    maxQuoted: opts.maxQuotedIntents,
    maxIntents: opts.maxIntents,
    maxBytes: opts.maxStoreBytes,
  };
  return {
    options: opts,
    catalogue: indexCatalogue(opts.catalogue),
    balances: indexBalances(opts.balances),
    store: new IntentStore(limits, (rec) => isSettled(rec, opts.clock(), timing)),
    stats: newStats(),
    timing,
    polls: new LongPolls(opts.clock),
    slices: new LoopSlices(SLICE_MS),
    quotes: new OneAtATime(),
    chains:
      chains === undefined
        ? undefined
        : { set: chains, claimed: new Set(), executing: new Map(), running: new Set() },
    closed: false,
  };
}
