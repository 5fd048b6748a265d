/**
 * Where `sendDeposit` remembers the deposits it started, so that none is sent twice: a claim on
 * the intent's deposit (when the store can claim), a "sending" record before the wallet is asked,
 * the hash the moment it is known. Any `{ get, set }` object is a store (a `Map` too); records are
 * plain JSON (amounts as decimal strings).
 */

import { WalletRpcError } from "../errors/wallet-errors.js";

/** What is known of one intent's deposit. */
export interface DepositRecord {
  /**
   * `sending`: the wallet was asked; `sent`: the hash is known; `failed`: no money moved (the
   * wallet refused, the deposit reverted or was cancelled), so a new attempt may be made;
   * `refused`: the deposit was made and the service refused it (never reused, never repeated).
   */
  state: "sending" | "sent" | "failed" | "refused";
  /** The origin chain. */
  chainId: number;
  /** The intent's deposit address. */
  intentAddress: string;
  /** The paying account. */
  from: string;
  /** The amount, a decimal string. */
  amount: string;
  /** The chain's latest block before the wallet was asked (where to look for the deposit). */
  fromBlock: string;
  /** The deposit's transaction hash, once known. */
  hash?: string;
  /** When the record was written (ms since the epoch). */
  at: number;
}

/** Gives a claim back. */
export type ReleaseClaim = () => unknown;

/**
 * A deposit store: any object with `get` and `set` (sync or async), such as a `Map`. A store
 * shared by several processes or tabs also offers `claim`, atomic across all of them.
 */
export interface DepositStore {
  /** The record under `key`, if any. */
  get(key: string): DepositRecord | undefined | Promise<DepositRecord | undefined>;
  /** Writes the record under `key`; must be durable when it returns (or its promise settles). */
  set(key: string, record: DepositRecord): unknown;
  /**
   * Claims the deposit under `key` for this caller, atomically (compare-and-set: Redis
   * `SET key NX`, a file created exclusively, a Web Lock): returns the function that gives it back
   * when the claim is now this caller's, `undefined` when another holder has it (the caller then
   * waits and asks again). Without it, two processes sharing the store may both pay.
   */
  claim?(key: string): ReleaseClaim | undefined | Promise<ReleaseClaim | undefined>;
}

/** The store key of an intent's deposit: chain and deposit address (one deposit each). */
export function depositKey(chainId: number, intentAddress: string): string {
  return `xchain-intents:deposit:${chainId}:${intentAddress.toLowerCase()}`;
}

/** A store in memory, for one process (the default of `sendDeposit` outside a browser). */
export function memoryDepositStore(): DepositStore {
  return new Map<string, DepositRecord>();
}

/** The part of the Web Storage API the `localStorage` store uses. */
export interface WebStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The part of the Web Locks API (`navigator.locks`) the `localStorage` store uses. */
export interface WebLocks {
  request(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<unknown>,
  ): Promise<unknown>;
}

/**
 * A store in the browser's `localStorage` (or any Web Storage): deposits survive a reload and are
 * seen by every tab of the origin. Where the browser has the Web Locks API (`navigator.locks`),
 * the deposit is claimed under a lock shared by the origin's tabs and workers, so two tabs never
 * both pay; without it (or with `locks: null`) the store cannot claim, and only one tab at a time
 * should pay a given intent. Where there is no `localStorage` (Node, a worker) and none is passed,
 * it throws `WalletRpcError` naming the stores to use there.
 *
 * @example
 * await executeWithWallet(client, { ...committed, wallet, maxAmount, store: localStorageDepositStore() });
 */
export function localStorageDepositStore(
  storage: WebStorage | undefined = globalStorage(),
  locks: WebLocks | null | undefined = globalLocks(),
): DepositStore {
  if (typeof storage?.getItem !== "function" || typeof storage.setItem !== "function")
    throw new WalletRpcError(false, {
      message:
        "localStorageDepositStore: no localStorage here; pass a Web Storage, or use fileDepositStore(dir) in Node (memoryDepositStore() for one process)",
    });
  const store: DepositStore = {
    get: (key) => parseRecord(storage.getItem(key)),
    set: (key, record) => storage.setItem(key, JSON.stringify(record)),
  };
  if (locks) store.claim = (key) => lockClaim(locks, key);
  return store;
}

/** The page's `localStorage`, when there is one (reading it can throw: storage disabled). */
function globalStorage(): WebStorage | undefined {
  try {
    return (globalThis as { localStorage?: WebStorage }).localStorage;
  } catch {
    return undefined;
  }
}

const globalLocks = (): WebLocks | undefined =>
  (globalThis as { navigator?: { locks?: WebLocks } }).navigator?.locks;

let platformStore: DepositStore | undefined;

/**
 * The store used when the caller passes none, chosen once per page or process: the
 * `localStorage` store where `localStorage` and Web Locks exist (a reload, or a second tab,
 * finds the deposit and the claim), else one memory store for the whole process (Node: pass
 * `fileDepositStore` for anything that restarts).
 */
export function defaultDepositStore(): DepositStore {
  platformStore ??=
    globalStorage() && globalLocks() ? localStorageDepositStore() : memoryDepositStore();
  return platformStore;
}

/** A claim held as a Web Lock until it is given back; `undefined` when another holds it. */
function lockClaim(locks: WebLocks, key: string): Promise<ReleaseClaim | undefined> {
  return new Promise((resolve, reject) => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    locks
      .request(`${key}:claim`, { ifAvailable: true }, async (lock) => {
        if (lock === null) return resolve(undefined);
        resolve(release);
        await held;
      })
      .catch(reject);
  });
}

/**
 * A record read back from text. Text that is not a record (damaged, edited) is read as a
 * "sending" record with nothing known: a deposit may have been started, so it is not ignored.
 */
export function parseRecord(text: string | null | undefined): DepositRecord | undefined {
  if (text === null || text === undefined) return undefined;
  try {
    const r = JSON.parse(text) as DepositRecord;
    if (isRecord(r)) return r;
  } catch {}
  return {
    state: "sending",
    chainId: 0,
    intentAddress: "",
    from: "",
    amount: "0",
    fromBlock: "0",
    at: 0,
  };
}

/** Whether `r` has the shape of a record. */
export function isRecord(r: unknown): r is DepositRecord {
  const x = r as DepositRecord;
  return (
    typeof x === "object" &&
    x !== null &&
    ["sending", "sent", "failed", "refused"].includes(x.state) &&
    typeof x.fromBlock === "string" &&
    /^[0-9]+$/.test(x.fromBlock) &&
    (x.hash === undefined || (typeof x.hash === "string" && /^0x[0-9a-fA-F]{64}$/.test(x.hash)))
  );
}
