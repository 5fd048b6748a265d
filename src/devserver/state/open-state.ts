/**
 * The handler's side of `DevServerOptions.state`: reads the journal before the options are
 * resolved (a key kept there is used when none is given, so that a generated dev key survives a
 * restart), then replays it into the new store and keeps it up to date.
 */
import {
  type AccessKeyConfig,
  type DevServerOptions,
  type ResolvedOptions,
  resolveOptions,
  type StateStorage,
} from "../config/index.js";
import type { IntentStore } from "../intents/index.js";
import type { CatalogueIndex } from "../market/index.js";
import { JournalError, StateJournal } from "./journal.js";

/** What the state brought back at start. */
export interface RestoredState {
  /** Intents restored from the state. */
  intents: number;
  /** Journal entries that could not be applied (a token no longer in the catalogue, a full store). */
  skipped: number;
  /** Whether the access keys in use came from the state. */
  keysFromState: boolean;
  /**
   * Executions on real chains that had not ended when the server stopped, resumed where the chains
   * show them (a payout or refund already made is not made again); 0 without chains.
   */
  resumed: number;
  /**
   * What a repair (`repairState`) set aside: the damaged lines' numbers and where they went;
   * absent when nothing was.
   */
  setAside?: { lines: number[]; file: string };
}

/** Keys as stored, when each is an object with a non-empty string `key`. */
function keysOf(stored: readonly unknown[] | undefined): AccessKeyConfig[] | undefined {
  if (stored === undefined || stored.length === 0) return undefined;
  const ok = stored.every(
    (k) => typeof k === "object" && k !== null && typeof (k as { key?: unknown }).key === "string",
  );
  return ok ? (stored as AccessKeyConfig[]) : undefined;
}

/** An opened state: its journal, the keys to use when none are given, what a repair set aside. */
interface OpenedState {
  journal: StateJournal;
  keys: AccessKeyConfig[] | undefined;
  setAside: { lines: number[]; file: string } | undefined;
}

/**
 * Opens the journal kept by `storage`. A damaged line refuses the start, with advice to repair;
 * with `repair`, the damaged lines are set aside (`storage.setAside`) before anything is
 * rewritten, and the valid ones kept.
 */
function openState(storage: StateStorage, repair = false): OpenedState {
  // A file is named, so that the message says which one to look at.
  const path = (storage as { path?: unknown }).path;
  const what = typeof path === "string" ? `the state file ${path}` : "the state";
  let journal: StateJournal;
  try {
    journal = new StateJournal(storage, { repair });
  } catch (e) {
    if (e instanceof JournalError && e.line !== undefined)
      throw new Error(
        `${what} cannot be read: ${e.message}; start with --repair (startDevServer({ repairState: true })) to keep every valid record and set the damaged lines aside in a file beside it`,
      );
    if (e instanceof JournalError)
      throw new Error(`${what} cannot be read: ${e.message}; move it away to start afresh`);
    throw e;
  }
  let setAside: OpenedState["setAside"];
  if (journal.damaged.length > 0) {
    if (storage.setAside === undefined)
      throw new Error(`${what} cannot be repaired: its storage cannot set damaged lines aside`);
    const file = storage.setAside(journal.damaged.map((d) => d.text));
    setAside = { lines: journal.damaged.map((d) => d.line), file };
  }
  return { journal, keys: keysOf(journal.storedKeys), setAside };
}

/** Replays the opened state into `store` and keeps it recording; answers what came back. */
function startState(
  opened: OpenedState,
  store: IntentStore,
  catalogue: CatalogueIndex,
  keys: readonly AccessKeyConfig[],
  keysFromState: boolean,
): RestoredState {
  const tokenOf = (c: number, a: string) => catalogue.token(c, a);
  const { intents, skipped } = opened.journal.start(store, tokenOf, keys);
  const restored: RestoredState = { intents, skipped, keysFromState, resumed: 0 };
  if (opened.setAside !== undefined) restored.setAside = opened.setAside;
  return restored;
}

/** Options resolved after the state was opened, and the state opened. */
export interface StateOpening {
  /** The options, with the access keys kept in the state when none were given. */
  readonly options: ResolvedOptions;
  /** The opened state; `undefined` without `options.state`. */
  readonly kept: OpenedState | undefined;
  /** Whether the access keys came from the state. */
  readonly keysFromState: boolean;
}

/** Opens `options.state` (when given), then resolves the options with the keys it kept. */
export function openWithState(options: DevServerOptions): StateOpening {
  const kept =
    options.state === undefined
      ? undefined
      : openState(options.state, options.repairState === true);
  const storedKeys = options.accessKeys === undefined ? kept?.keys : undefined;
  const resolved = resolveOptions(
    storedKeys === undefined ? options : { ...options, accessKeys: storedKeys },
  );
  return { options: resolved, kept, keysFromState: storedKeys !== undefined };
}

/** Replays the opened state into `store`, if there is one; answers what came back. */
export function restoreState(
  opening: StateOpening,
  store: IntentStore,
  catalogue: CatalogueIndex,
): RestoredState | undefined {
  const { kept, options, keysFromState } = opening;
  if (kept === undefined) return undefined;
  return startState(kept, store, catalogue, options.accessKeys, keysFromState);
}
