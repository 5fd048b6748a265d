/**
 * The committed intent kept in `localStorage`, so that a reload or a second tab picks up the same
 * payment: `serializeWithBigints` keeps the amounts exact (JSON alone cannot hold a bigint).
 * The deposit itself is never taken from here: the wallet step's store remembers it.
 */
import type { CommittedIntent } from "xchain-intents";
import { deserializeWithBigints, serializeWithBigints } from "xchain-intents/query";

const KEY = "example:payment";

/** A payment in progress: the committed intent, its bound, and whether paying was asked. */
export interface Saved {
  committed: CommittedIntent;
  maxAmount: bigint;
  paying: boolean;
}

/** The payment in progress, if any. */
export function loadSaved(): Saved | undefined {
  const text = localStorage.getItem(KEY);
  if (text === null) return undefined;
  try {
    const saved = deserializeWithBigints<Saved>(text);
    // Dates come back as strings.
    saved.committed.committedAt = new Date(saved.committed.committedAt);
    saved.committed.executeDeadline = new Date(saved.committed.executeDeadline);
    return saved;
  } catch {
    return undefined;
  }
}

/** Keeps `saved` (or forgets the payment). */
export function storeSaved(saved: Saved | undefined): void {
  if (saved === undefined) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, serializeWithBigints(saved));
}
