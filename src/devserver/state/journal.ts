/**
 * The state journal: what a dev server must remember across a restart (every intent as quoted,
 * its commit and execution, the records dropped, the quote sequence, the access keys), as an
 * append-only list of JSON lines kept by a `StateStorage`. Each change is appended, and made
 * durable by the storage, before the store makes it (the store asks first): nothing acknowledged
 * is lost, and a change the storage could not take is not made at all, so memory is never ahead
 * of the file; the operation answers `Unexpected` saying so and can be sent again. At start the lines are replayed into an empty store, then replaced by a compact snapshot
 * of what is left (the same entries, one per live intent); the journal is compacted again
 * whenever it grows past twice that size plus 16 MiB.
 *
 * Lines, after a header line `{"xchainIntentsState":1}`:
 * `{"t":"keys","keys":[…]}`, `{"t":"issued","n":N}`,
 * `{"t":"quote","seq":N,"from":[chainId,address],"to":[…],"rec":{…},"intent":{…}}` (bigints as
 * decimal strings; `rec` holds the record's other fields, commit and execution included in a
 * snapshot), `{"t":"commit","id":…,"at":ms}`, `{"t":"execute","id":…,"execution":{…}}`,
 * `{"t":"progress","id":…,"chain":{…}}` (an execution on real chains moved on),
 * `{"t":"recovery","id":…,"recovery":{…}}` (stranded money sent back from the intent address),
 * `{"t":"drop","id":…}`.
 */
import { UnexpectedError } from "../../../generated/errors.js";
import type { Intent } from "../../../generated/types.js";
import { parseJson, stringifyJson } from "../../codec/index.js";
import type { ChainProgress, Recovery } from "../chains/index.js";
import type { StateStorage } from "../config/index.js";
import type { Execution, IntentRecord, IntentStore, StoreListener } from "../intents/index.js";
import type { Token } from "../market/index.js";

/** The first line of every journal. */
export const JOURNAL_HEADER = '{"xchainIntentsState":1}';

/** Journal growth allowed past twice the last snapshot before compacting again. */
const COMPACT_SLACK_BYTES = 16 * 1024 * 1024;

/** Finds the catalogue token of a stored `[chainId, address]`. */
export type TokenLookup = (chainId: number, address: string) => Token | undefined;

/** What a replay brought back. */
export interface Restored {
  /** Intents restored. */
  intents: number;
  /** Entries that could not be applied (a token the catalogue no longer has, a full store). */
  skipped: number;
}

type Entry =
  | { t: "keys"; keys: unknown[] }
  | { t: "issued"; n: number }
  | {
      t: "quote";
      seq: number;
      from: [number, string];
      to: [number, string];
      rec: object;
      intent: unknown;
    }
  | { t: "commit"; id: string; at: number }
  | { t: "execute"; id: string; execution: Execution }
  | { t: "progress"; id: string; chain: ChainProgress }
  | { t: "recovery"; id: string; recovery: Recovery }
  | { t: "drop"; id: string };

/**
 * A journal that cannot be read: `line` (1-based) names a damaged line, which a repair can set
 * aside; without it, the whole storage is not a journal.
 */
export class JournalError extends Error {
  override readonly name = "JournalError";
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
  }
}

/** Options of `StateJournal`. */
export interface JournalOptions {
  /**
   * Skip damaged lines (after the header) instead of refusing them: they are listed in
   * `damaged`, for the caller to set aside before `start` rewrites the journal without them.
   */
  repair?: boolean;
}

function readEntry(text: string, line: number): Entry {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new JournalError(`line ${line} is not JSON`, line);
  }
  const t = (value as { t?: unknown } | null)?.t;
  if (
    !["keys", "issued", "quote", "commit", "execute", "progress", "recovery", "drop"].includes(
      t as string,
    )
  )
    throw new JournalError(`line ${line} is not a state entry`, line);
  return value as Entry;
}

/** Whether `value` has the shape of a recovery (a reserve and a list of refunds with statuses). */
function isRecovery(value: unknown): value is Recovery {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.reserve === "string" &&
    /^\d+$/.test(r.reserve) &&
    Array.isArray(r.refunds) &&
    r.refunds.every(
      (x: unknown) =>
        typeof x === "object" &&
        x !== null &&
        typeof (x as { status?: unknown }).status === "string" &&
        typeof (x as { amount?: unknown }).amount === "string" &&
        /^\d+$/.test((x as { amount: string }).amount) &&
        Number.isSafeInteger((x as { nonce?: unknown }).nonce),
    )
  );
}

/** Whether `value` has the shape of an execution's progress on chain (each transaction a status). */
function isProgress(value: unknown): value is ChainProgress {
  if (typeof value !== "object" || value === null) return false;
  const p = value as Record<string, unknown>;
  const txn = (t: unknown) =>
    typeof t === "object" && t !== null && typeof (t as { status?: unknown }).status === "string";
  return (
    txn(p.deposit) &&
    txn(p.origin) &&
    txn(p.destination) &&
    (p.refund === undefined || txn(p.refund))
  );
}

function quoteLine(rec: IntentRecord): string {
  const { issued, from, to, seq, dropped: _dropped, ...rest } = rec;
  const head = JSON.stringify({
    t: "quote",
    seq,
    from: [from.chainId, from.address],
    to: [to.chainId, to.address],
    rec: rest,
  });
  const intent = stringifyJson(issued, "Intent", { bigintAs: "string" });
  return `${head.slice(0, -1)},"intent":${intent}}`;
}

/** The journal of one store: replays a storage into it, then records its every change. */
export class StateJournal implements StoreListener {
  private readonly entries: Entry[];
  private keys: unknown[] | undefined;
  private snapshotBytes = 0;
  /** The journal grew past its bound: compacted before the next append (after the change it holds). */
  private compactDue = false;
  private store: IntentStore | undefined;
  /** The damaged lines a repair left out (1-based line numbers and their text), oldest first. */
  readonly damaged: { line: number; text: string }[] = [];

  /**
   * Reads `storage`; throws a `JournalError` naming the first line that is not a state entry
   * (the storage has already set aside an incomplete last line left by a crash), unless
   * `options.repair` lets it skip such lines (`damaged`). A storage that does not start with the
   * header is refused either way.
   */
  constructor(
    private readonly storage: StateStorage,
    options: JournalOptions = {},
  ) {
    const lines = storage.load();
    if (lines.length > 0 && lines[0] !== JOURNAL_HEADER)
      throw new JournalError("it does not start as an xchain-intents state file does");
    this.entries = [];
    lines.slice(1).forEach((text, i) => {
      try {
        this.entries.push(readEntry(text, i + 2));
      } catch (e) {
        if (options.repair !== true) throw e;
        this.damaged.push({ line: i + 2, text });
      }
    });
    for (const e of this.entries) if (e.t === "keys") this.keys = e.keys;
  }

  /** The access keys last recorded (as stored: the caller checks their shape). */
  get storedKeys(): readonly unknown[] | undefined {
    return this.keys;
  }

  /**
   * Replays the journal into the empty `store`, records `keys`, writes a compact snapshot and
   * from then on appends every change of `store`.
   */
  start(store: IntentStore, tokenOf: TokenLookup, keys: readonly unknown[]): Restored {
    let skipped = 0;
    for (const e of this.entries) {
      try {
        if (!this.apply(store, e, tokenOf)) skipped++;
      } catch {
        skipped++;
      }
    }
    this.entries.length = 0;
    this.keys = [...keys];
    this.store = store;
    this.compact();
    store.listen(this);
    return { intents: store.size, skipped };
  }

  private apply(store: IntentStore, e: Entry, tokenOf: TokenLookup): boolean {
    if (e.t === "keys") return true;
    if (e.t === "issued") {
      store.resumeSequence(e.n);
      return true;
    }
    if (e.t === "quote") {
      const from = tokenOf(e.from[0], e.from[1]);
      const to = tokenOf(e.to[0], e.to[1]);
      if (from === undefined || to === undefined) return false;
      const issued = parseJson(JSON.stringify(e.intent), "Intent") as Intent;
      const fields = { ...(e.rec as Omit<IntentRecord, "seq" | "issued" | "from" | "to">) };
      store.restore({ ...fields, issued, from, to }, e.seq);
      return true;
    }
    const rec = store.get(e.id);
    if (rec === undefined) return e.t === "drop";
    if (e.t === "commit") store.commit(rec, e.at);
    else if (e.t === "execute") store.execute(rec, e.execution);
    else if (e.t === "progress") {
      if (rec.execution === undefined || !isProgress(e.chain)) return false;
      rec.execution.chain = e.chain;
      store.progressed(rec);
    } else if (e.t === "recovery") {
      if (!isRecovery(e.recovery)) return false;
      rec.recovery = e.recovery;
      store.recovered(rec);
    } else store.remove(rec);
    return true;
  }

  /** Rewrites the storage as a snapshot of the store: header, keys, sequence, live intents. */
  private compact(): void {
    const store = this.store as IntentStore;
    const lines = [JOURNAL_HEADER, JSON.stringify({ t: "keys", keys: this.keys ?? [] })];
    lines.push(JSON.stringify({ t: "issued", n: store.issued }));
    for (const rec of store.all.ascending()) lines.push(quoteLine(rec));
    this.storage.replace(lines);
    this.snapshotBytes = this.storage.size;
  }

  /**
   * Appends `line` ahead of its change. A compaction that is due runs first, while the store
   * holds every change written so far and none not written (a snapshot taken right after an
   * append would miss the change the store has yet to make); one that fails leaves the journal
   * as it was, to be tried again. A failed append throws `Unexpected`: the store then does not
   * make the change.
   */
  private append(line: string): void {
    if (this.compactDue) {
      try {
        this.compact();
        this.compactDue = false;
      } catch {
        // Still the old journal, complete: compacted at a later append.
      }
    }
    try {
      this.storage.append(line);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw new UnexpectedError({
        cause: `the dev server's state file did not take the change (${why}), so it was not made; send the call again once the disk has room`,
      });
    }
    if (this.storage.size > 2 * this.snapshotBytes + COMPACT_SLACK_BYTES) this.compactDue = true;
  }

  /** @internal A quote is about to be added. */
  quoted(rec: IntentRecord): void {
    this.append(quoteLine(rec));
  }

  /** @internal An intent is about to be committed at `at`. */
  committed(rec: IntentRecord, at: number): void {
    this.append(JSON.stringify({ t: "commit", id: rec.issued.intentId, at }));
  }

  /** @internal An intent is about to be executed as `execution`. */
  executed(rec: IntentRecord, execution: Execution): void {
    this.append(JSON.stringify({ t: "execute", id: rec.issued.intentId, execution }));
  }

  /** @internal An execution on real chains moved on. */
  progressed(rec: IntentRecord): void {
    const chain = rec.execution?.chain;
    if (chain === undefined) return;
    this.append(JSON.stringify({ t: "progress", id: rec.issued.intentId, chain }));
  }

  /** @internal Stranded money of an intent is being (or was) sent back. */
  recovered(rec: IntentRecord): void {
    const recovery = rec.recovery;
    if (recovery === undefined) return;
    this.append(JSON.stringify({ t: "recovery", id: rec.issued.intentId, recovery }));
  }

  /** @internal A record is about to be dropped to make room. */
  dropped(rec: IntentRecord): void {
    this.append(JSON.stringify({ t: "drop", id: rec.issued.intentId }));
  }
}
