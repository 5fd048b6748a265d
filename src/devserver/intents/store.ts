/**
 * The intents the server has issued, with the indexes that SearchIntents and GetIntentHistory are
 * served from (maps from owner, project, intent address, transaction hash and query terms to
 * intent ids; per-owner and per-project lists in issue order).
 *
 * Memory is bounded by count and bytes. Each record counts `bytes` (its CommitIntent body plus a
 * fixed overhead, and its execution arguments once executed). Past `maxQuoted` quotes never
 * committed, the oldest of them is dropped. Past the count or byte bound, records are dropped in
 * this order: settled ones (the caller's `settled` says which: a final status, a quote past its 5
 * minutes, a commit past its 10), oldest first, looking past at most `EVICTION_SCAN` live ones;
 * then quotes never committed that could still be, oldest first. When that is not enough (the
 * store is full of committed, live intents), a new quote is refused with `QuotaExceeded`.
 *
 * A dropped record leaves the map and the indexes at once, but the issue-ordered lists let go of
 * it only when they are compacted: until then its memory is still held. So the store counts it
 * (`heldBytes`) and compacts every list as soon as dropped records hold more than
 * `DROPPED_SLACK` of the byte budget: what the store holds, live or dropped, stays within the
 * budget plus that slack.
 */
import { QuotaExceededError } from "../../../generated/errors.js";
import type { Intent } from "../../../generated/types.js";
import type { ChainProgress, Recovery } from "../chains/index.js";
import { addressKey, OrderedList } from "../core/index.js";
import type { Token } from "../market/index.js";

/** How an intent was executed. */
export interface Execution {
  /** When ExecuteIntent took effect (clock ms). */
  at: number;
  /** The arguments, in canonical form, to tell a repeat from a different execution. */
  argsKey: string;
  depositTxHash: string;
  originTxHash: string;
  destinationTxHash: string | undefined;
  /** Why it fails, when the failure rule says it does. */
  failure: string | undefined;
  /**
   * On real chains: how the execution is going, updated as the chains answer (the hashes above
   * are then the deposit's and placeholders until each transaction is sent).
   */
  chain?: ChainProgress;
}

/** One intent the server issued. */
export interface IntentRecord {
  /** Issue order (cursor of GetIntentHistory). */
  readonly seq: number;
  /** The intent exactly as QuoteIntent returned it. */
  readonly issued: Intent;
  readonly issuedAt: number;
  readonly projectId: number;
  readonly from: Token;
  readonly to: Token;
  readonly recipient: string;
  readonly tradeType: "EXACT_INPUT" | "EXACT_OUTPUT";
  /** Tokens the gas fee may be paid in (the quote's gas fee options). */
  readonly feeTokens: readonly string[];
  committedAt?: number;
  execution?: Execution;
  /**
   * On real chains: money sent back from its intent address once it could no longer execute
   * (see `execution/refund-stranded.ts`).
   */
  recovery?: Recovery;
  /** Set once the record has been dropped. */
  dropped?: boolean;
  /** What the record counts against the byte budget. */
  bytes: number;
}

/** Bytes counted for each record besides its intent: indexes, lists, the record itself. */
export const RECORD_OVERHEAD_BYTES = 4096;

/** The bounds of a store. */
export interface StoreLimits {
  /** Quotes never committed kept at most. */
  maxQuoted: number;
  /** Records kept at most. */
  maxIntents: number;
  /** Bytes of records kept at most. */
  maxBytes: number;
}

/** Part of the byte budget that dropped records still held by the lists may take. */
export const DROPPED_SLACK = 1 / 8;

/** How many live records a search for room may pass over before giving up. */
const EVICTION_SCAN = 2_000;

/**
 * Told of every change of a store before the store makes it (the state journal writes it ahead):
 * when a method throws, the store does not make the change, and the error reaches the caller.
 */
export interface StoreListener {
  /** `rec` (its `seq` included) is about to be added. */
  quoted(rec: IntentRecord): void;
  /** `rec` is about to be committed at `at`. */
  committed(rec: IntentRecord, at: number): void;
  /** `rec` is about to be executed as `execution`. */
  executed(rec: IntentRecord, execution: Execution): void;
  /**
   * An execution on real chains moved on (`rec.execution.chain` changed; its caller changed it,
   * the chains being where that progress is true).
   */
  progressed(rec: IntentRecord): void;
  /** Money stranded at its intent address is being (or was) sent back (`rec.recovery` changed). */
  recovered(rec: IntentRecord): void;
  /** `rec` is about to be dropped. */
  dropped(rec: IntentRecord): void;
}

type Index = Map<string, Set<string>>;

function add(index: Index, key: string, id: string): void {
  let set = index.get(key);
  if (set === undefined) {
    set = new Set();
    index.set(key, set);
  }
  set.add(id);
}

function remove(index: Index, key: string, id: string): void {
  const set = index.get(key);
  if (set === undefined) return;
  set.delete(id);
  if (set.size === 0) index.delete(key);
}

/** Names of the search indexes. */
export type IndexName =
  | "owner"
  | "project"
  | "originAddress"
  | "destinationAddress"
  | "txHash"
  | "depositTxHash"
  | "query";

/** Intents by id, their indexes and the issue-ordered lists. */
export class IntentStore {
  private readonly byId = new Map<string, IntentRecord>();
  private readonly indexes = new Map<IndexName, Index>();
  private readonly uncommitted = new Map<string, IntentRecord>();
  /** Every record in issue order, and per owner / project. */
  readonly all = new OrderedList<IntentRecord>();
  readonly byOwner = new Map<string, OrderedList<IntentRecord>>();
  readonly byProject = new Map<number, OrderedList<IntentRecord>>();
  private seq = 0;
  private totalBytes = 0;
  /** Bytes of dropped records the lists still hold. */
  private droppedBytes = 0;
  /** Owners and projects whose lists hold dropped records. */
  private readonly stale = { owners: new Set<string>(), projects: new Set<number>() };
  private dropCount = 0;
  private listener: StoreListener | undefined;

  /**
   * @param limits the bounds.
   * @param settled whether a record may be dropped once no quote is left to drop (read at the
   *   time of the drop: statuses derive from the clock).
   */
  constructor(
    private readonly limits: StoreLimits,
    private readonly settled: (rec: IntentRecord) => boolean,
  ) {}

  /** Bytes counted against the budget. */
  get bytes(): number {
    return this.totalBytes;
  }

  /** Bytes the store holds: its records' and those of dropped records not yet let go of. */
  get heldBytes(): number {
    return this.totalBytes + this.droppedBytes;
  }

  /** Records dropped to stay within the bounds. */
  get evicted(): number {
    return this.dropCount;
  }

  /** The record of `intentId`. */
  get(intentId: string): IntentRecord | undefined {
    return this.byId.get(intentId);
  }

  /** Ids under `key` of index `name` (keys are lowercase). */
  lookup(name: IndexName, key: string): ReadonlySet<string> {
    return this.indexes.get(name)?.get(key.toLowerCase()) ?? new Set();
  }

  /** How many quotes were issued so far (each QuoteIntent issues its own). */
  get issued(): number {
    return this.seq;
  }

  /**
   * Adds a quoted intent (its id is new: ids derive from the issue sequence), first dropping what
   * the eviction rule allows to make room for it.
   *
   * @throws {QuotaExceededError} when the store is full of live intents.
   */
  addQuoted(fields: Omit<IntentRecord, "seq">): IntentRecord {
    if (this.byId.has(fields.issued.intentId))
      throw new Error("intent id collision: the derived id is already in use");
    this.makeRoom(fields.bytes);
    const rec: IntentRecord = { ...fields, seq: this.seq + 1 };
    this.listener?.quoted(rec);
    this.seq = rec.seq;
    this.totalBytes += rec.bytes;
    const id = rec.issued.intentId;
    this.byId.set(id, rec);
    this.uncommitted.set(id, rec);
    this.all.push(rec);
    listFor(this.byOwner, addressKey(rec.issued.ownerAddress)).push(rec);
    listFor(this.byProject, rec.projectId).push(rec);
    for (const [name, key] of this.keysOf(rec)) add(this.index(name), key, id);
    return rec;
  }

  private full(extraBytes: number, extraCount: number): boolean {
    return (
      this.byId.size + extraCount > this.limits.maxIntents ||
      this.totalBytes + extraBytes > this.limits.maxBytes
    );
  }

  /** Drops records, in the eviction order, until one more record of `bytes` fits. */
  private makeRoom(bytes: number): void {
    while (this.uncommitted.size >= this.limits.maxQuoted && this.uncommitted.size > 0)
      this.drop(this.uncommitted.values().next().value as IntentRecord);
    if (!this.full(bytes, 1)) return;
    // Settled records (expired quotes included), oldest first: collected, then dropped (dropping
    // compacts the list being walked).
    const victims: IntentRecord[] = [];
    let freedBytes = 0;
    let passed = 0;
    for (const rec of this.all.ascending()) {
      if (!this.full(bytes - freedBytes, 1 - victims.length) || passed >= EVICTION_SCAN) break;
      if (this.settled(rec)) {
        victims.push(rec);
        freedBytes += rec.bytes;
      } else passed++;
    }
    for (const rec of victims) this.drop(rec);
    // Then quotes never committed that could still be, oldest first.
    while (this.full(bytes, 1) && this.uncommitted.size > 0)
      this.drop(this.uncommitted.values().next().value as IntentRecord);
    if (this.full(bytes, 1)) {
      throw new QuotaExceededError({
        cause: `the dev server's store is full of live intents (${this.byId.size} intents, ${this.totalBytes} of ${this.limits.maxBytes} bytes); execute or let them settle, or raise maxStoreBytes / maxIntents`,
      });
    }
  }

  /** Marks `rec` committed at `at`. */
  commit(rec: IntentRecord, at: number): void {
    this.listener?.committed(rec, at);
    rec.committedAt = at;
    this.uncommitted.delete(rec.issued.intentId);
  }

  /** Records the execution of `rec` and indexes its transaction hashes. */
  execute(rec: IntentRecord, execution: Execution): void {
    this.listener?.executed(rec, execution);
    rec.execution = execution;
    const more = execution.argsKey.length;
    rec.bytes += more;
    this.totalBytes += more;
    for (const [name, key] of this.executionKeys(execution))
      add(this.index(name), key, rec.issued.intentId);
  }

  /**
   * Records a change of `rec`'s execution on real chains: the hashes of its origin and destination
   * transactions, once sent, replace the placeholders in the indexes (a search by a real hash
   * finds the intent).
   */
  progressed(rec: IntentRecord): void {
    const e = rec.execution;
    if (e?.chain === undefined || rec.dropped === true) return;
    this.listener?.progressed(rec);
    const origin = e.chain.origin.hash ?? e.originTxHash;
    const destination =
      e.destinationTxHash === undefined
        ? undefined
        : (e.chain.destination.hash ?? e.destinationTxHash);
    if (origin !== e.originTxHash || destination !== e.destinationTxHash) {
      const id = rec.issued.intentId;
      for (const [name, key] of this.executionKeys(e)) remove(this.index(name), key, id);
      e.originTxHash = origin;
      e.destinationTxHash = destination;
      for (const [name, key] of this.executionKeys(e)) add(this.index(name), key, id);
    }
  }

  /** Records a change of `rec.recovery` (a refund of stranded money sent or mined). */
  recovered(rec: IntentRecord): void {
    if (rec.recovery === undefined || rec.dropped === true) return;
    this.listener?.recovered(rec);
  }

  /** How many intents are kept. */
  get size(): number {
    return this.byId.size;
  }

  private drop(rec: IntentRecord): void {
    this.listener?.dropped(rec);
    const id = rec.issued.intentId;
    rec.dropped = true;
    this.dropCount++;
    this.totalBytes -= rec.bytes;
    this.byId.delete(id);
    this.uncommitted.delete(id);
    for (const [name, key] of this.keysOf(rec)) remove(this.index(name), key, id);
    // An execution's hashes too: left behind, each dropped execution kept about 1 KiB of index
    // entries for good (a long run's memory grew with the intents dropped, not the budget).
    if (rec.execution !== undefined)
      for (const [name, key] of this.executionKeys(rec.execution))
        remove(this.index(name), key, id);
    const owner = addressKey(rec.issued.ownerAddress);
    this.all.dropped();
    this.byOwner.get(owner)?.dropped();
    this.byProject.get(rec.projectId)?.dropped();
    this.stale.owners.add(owner);
    this.stale.projects.add(rec.projectId);
    this.droppedBytes += rec.bytes;
    if (this.droppedBytes > this.limits.maxBytes * DROPPED_SLACK) this.compact();
  }

  /** Lets every list go of its dropped records (one pass over the lists that hold any). */
  private compact(): void {
    this.all.compact();
    for (const owner of this.stale.owners) this.byOwner.get(owner)?.compact();
    for (const project of this.stale.projects) this.byProject.get(project)?.compact();
    this.stale.owners.clear();
    this.stale.projects.clear();
    this.droppedBytes = 0;
  }

  /**
   * Tells `listener` of every later change, in order, before it is made (the state journal);
   * `undefined` stops.
   */
  listen(listener: StoreListener | undefined): void {
    this.listener = listener;
  }

  /**
   * Puts back a record read from the state journal with its issue number `seq`, its commit and
   * its execution, counting the bytes it counted before.
   */
  restore(fields: Omit<IntentRecord, "seq">, seq: number): IntentRecord {
    const { committedAt, execution, ...quoted } = fields;
    this.resumeSequence(seq - 1);
    const rec = this.addQuoted(quoted);
    if (committedAt !== undefined) this.commit(rec, committedAt);
    if (execution !== undefined) this.execute(rec, execution);
    this.totalBytes += fields.bytes - rec.bytes;
    rec.bytes = fields.bytes;
    return rec;
  }

  /** Continues the issue sequence after `issued` (it never goes back). */
  resumeSequence(issued: number): void {
    this.seq = Math.max(this.seq, issued);
  }

  /** Drops `rec` as the eviction rule would (a drop replayed from the state journal). */
  remove(rec: IntentRecord): void {
    if (this.byId.get(rec.issued.intentId) === rec) this.drop(rec);
  }

  private index(name: IndexName): Index {
    let index = this.indexes.get(name);
    if (index === undefined) {
      index = new Map();
      this.indexes.set(name, index);
    }
    return index;
  }

  private keysOf(rec: IntentRecord): [IndexName, string][] {
    const i = rec.issued;
    const keys: [IndexName, string][] = [
      ["owner", addressKey(i.ownerAddress)],
      ["project", String(rec.projectId)],
      ["originAddress", addressKey(i.originIntentAddress)],
    ];
    if (i.destinationIntentAddress !== undefined)
      keys.push(["destinationAddress", addressKey(i.destinationIntentAddress)]);
    for (const term of [
      i.intentId,
      i.ownerAddress,
      i.originIntentAddress,
      i.destinationIntentAddress,
      rec.recipient,
      rec.from.symbol,
      rec.to.symbol,
    ]) {
      if (term !== undefined) keys.push(["query", term.toLowerCase()]);
    }
    return keys;
  }

  private executionKeys(e: Execution): [IndexName, string][] {
    const keys: [IndexName, string][] = [["depositTxHash", e.depositTxHash.toLowerCase()]];
    for (const h of [e.depositTxHash, e.originTxHash, e.destinationTxHash]) {
      if (h !== undefined) keys.push(["txHash", h.toLowerCase()], ["query", h.toLowerCase()]);
    }
    return keys;
  }
}

function listFor<K>(map: Map<K, OrderedList<IntentRecord>>, key: K): OrderedList<IntentRecord> {
  let list = map.get(key);
  if (list === undefined) {
    list = new OrderedList();
    map.set(key, list);
  }
  return list;
}
