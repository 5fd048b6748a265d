/**
 * The handler's side of `DevServerOptions.state`: reads the journal before the options are
 * resolved (a key kept there is used when none is given, so that a generated dev key survives a
 * restart), then replays it into the new store and keeps it up to date.
 */
import type { AccessKeyConfig } from "../config/index.js";
import {
  type IntentStore,
  JournalError,
  StateJournal,
  type StateStorage,
} from "../intents/index.js";
import type { CatalogueIndex } from "../market/index.js";

/** What the state brought back at start. */
export interface RestoredState {
  /** Intents restored from the state. */
  intents: number;
  /** Journal entries that could not be applied (a token no longer in the catalogue, a full store). */
  skipped: number;
  /** Whether the access keys in use came from the state. */
  keysFromState: boolean;
}

/** Keys as stored, when each is an object with a non-empty string `key`. */
function keysOf(stored: readonly unknown[] | undefined): AccessKeyConfig[] | undefined {
  if (stored === undefined || stored.length === 0) return undefined;
  const ok = stored.every(
    (k) => typeof k === "object" && k !== null && typeof (k as { key?: unknown }).key === "string",
  );
  return ok ? (stored as AccessKeyConfig[]) : undefined;
}

/** The opened journal, and the keys to use when none are given. */
export function openState(storage: StateStorage): {
  journal: StateJournal;
  keys: AccessKeyConfig[] | undefined;
} {
  try {
    const journal = new StateJournal(storage);
    return { journal, keys: keysOf(journal.storedKeys) };
  } catch (e) {
    if (e instanceof JournalError) {
      // A file is named, so that the message says which one to look at or move away.
      const path = (storage as { path?: unknown }).path;
      const what = typeof path === "string" ? `the state file ${path}` : "the state";
      throw new Error(`${what} cannot be read: ${e.message}; move it away to start afresh`);
    }
    throw e;
  }
}

/** Replays `journal` into `store` and keeps it recording; answers what came back. */
export function startState(
  journal: StateJournal,
  store: IntentStore,
  catalogue: CatalogueIndex,
  keys: readonly AccessKeyConfig[],
  keysFromState: boolean,
): RestoredState {
  const { intents, skipped } = journal.start(store, (c, a) => catalogue.token(c, a), keys);
  return { intents, skipped, keysFromState };
}
