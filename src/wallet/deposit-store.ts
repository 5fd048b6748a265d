/**
 * Where `sendDeposit` remembers the deposits it started, so that none is sent twice: a "sending"
 * record before the wallet is asked, the hash the moment it is known. Any `{ get, set }` object
 * is a store (a `Map` too); records are plain JSON (amounts as decimal strings).
 */

/** What is known of one intent's deposit. */
export interface DepositRecord {
  /**
   * `sending`: the wallet was asked; `sent`: the hash is known; `failed`: no money moved (the
   * wallet refused, or the deposit reverted), so a new attempt may be made.
   */
  state: "sending" | "sent" | "failed";
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

/** A deposit store: any object with `get` and `set` (sync or async), such as a `Map`. */
export interface DepositStore {
  /** The record under `key`, if any. */
  get(key: string): DepositRecord | undefined | Promise<DepositRecord | undefined>;
  /** Writes the record under `key`; must be durable when it returns (or its promise settles). */
  set(key: string, record: DepositRecord): unknown;
}

/** The store key of an intent's deposit: chain and deposit address (one deposit each). */
export function depositKey(chainId: number, intentAddress: string): string {
  return `xchain-intents:deposit:${chainId}:${intentAddress.toLowerCase()}`;
}

/** A store in memory, for one process (the default of `sendDeposit`). */
export function memoryDepositStore(): DepositStore {
  return new Map<string, DepositRecord>();
}

/** The part of the Web Storage API the `localStorage` store uses. */
export interface WebStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * A store in the browser's `localStorage` (or any Web Storage): deposits survive a reload and are
 * seen by every tab of the origin.
 *
 * @example
 * await executeWithWallet(client, { ...committed, wallet, store: localStorageDepositStore() });
 */
export function localStorageDepositStore(
  storage: WebStorage = (globalThis as { localStorage?: WebStorage }).localStorage as WebStorage,
): DepositStore {
  return {
    get: (key) => parseRecord(storage.getItem(key)),
    set: (key, record) => storage.setItem(key, JSON.stringify(record)),
  };
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
    ["sending", "sent", "failed"].includes(x.state) &&
    typeof x.fromBlock === "string" &&
    /^[0-9]+$/.test(x.fromBlock) &&
    (x.hash === undefined || (typeof x.hash === "string" && /^0x[0-9a-fA-F]{64}$/.test(x.hash)))
  );
}
