/**
 * Options of the dev server and their defaults.
 */

import { SCHEMA_VERSION } from "../../../generated/operations.js";
import type { Intent } from "../../../generated/types.js";
import { breakingFloor, type Clock, parseSchemaVersion } from "../core/index.js";
import type { FaultRule } from "../faults/index.js";
import {
  type BalanceEntry,
  type Catalogue,
  DEMO_BALANCES,
  defaultCatalogue,
} from "../market/index.js";
import type { StateStorage } from "./state-storage.js";

/** An access key the server accepts. */
export interface AccessKeyConfig {
  /** The key, as sent in `X-Access-Key`. */
  key: string;
  /**
   * Browser origins allowed to use it (`https://app.example`, compared exactly); any origin when
   * absent. Only a request that carries an `Origin` header is checked: one from another origin is
   * `InvalidOrigin`, one with no `Origin` (server to server, curl) is accepted: browsers send
   * `Origin` on every POST, and only browser pages need the restriction.
   */
  origins?: string[];
  /**
   * Project the key belongs to (intents quoted with it carry this `projectId`; default 1). A key
   * sees and acts only on its own project's intents: another project's intent is `NotFound`, and
   * a `byProjectId` filter naming another project is `PermissionDenied`.
   */
  projectId?: number;
  /**
   * Lets the key see and act on the intents of every project (searches and history then cover
   * all projects unless filtered); its own quotes still carry `projectId`. For tests and
   * operators; off by default.
   */
  allProjects?: boolean;
}

/** What a failure rule is shown: the intent and the arguments of its execution. */
export interface FailRuleInput {
  /** The intent being executed. */
  intent: Intent;
  /** The deposit transaction hash given to (or derived by) ExecuteIntent. */
  depositTransactionHash: string;
  /** Whether the deposit was authorised by a signature rather than sent by the owner. */
  bySignature: boolean;
}

/** Decides whether an execution fails: `false` to succeed, `true` or a reason to fail. */
export type FailRule = (input: FailRuleInput) => boolean | string;

/** How long execution takes on the server's clock. */
export interface Durations {
  /**
   * Time of each stage of a receipt transaction (PENDING → SENT → MINING → SUCCEEDED); default
   * 1000 ms. On real chains, given, it paces the execution in real time: the deposit, origin and
   * destination transactions each show SUCCEEDED 3 stages after the one before (an intent settles
   * 9 stages after ExecuteIntent, 6 on one chain, or later if a chain is slower); not given, the
   * chains set the pace.
   */
  stageMs?: number;
  /** Time from ExecuteIntent to the final status; default 9 stages (6 for same-chain intents). */
  executingMs?: number;
}

/** Token bucket settings of the dev server. */
export interface RateLimitOptions {
  /** Requests a key may make at once. */
  capacity: number;
  /** Tokens added back per second. */
  refillPerSecond: number;
  /** What the bucket refills on: monotonic real time (default) or the server's `clock`. */
  clock?: "real" | "server";
}

/**
 * The largest request body accepted by default, 1 MiB: the handler answers a larger one 413, and
 * the Node listener stops reading there.
 */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** Options of `createDevHandler` and `startDevServer`; all optional. */
export interface DevServerOptions {
  /** Accepted keys; default one generated key (`srv.accessKey`). */
  accessKeys?: AccessKeyConfig[];
  /** The server's clock (epoch ms); default `Date.now`. See `manualClock`. */
  clock?: Clock;
  /**
   * Mixed into every derived id, salt and hash. Given, the same sequence of calls gives the same
   * ids, salts and intent addresses in every run (the clock is left out of them); by default
   * (`"xchain-intents-dev"` and the clock) every run issues its own.
   */
  seed?: string;
  /**
   * Token bucket per access key, or `false` for none; default 50 burst, 20/s. It refills in
   * monotonic real time, so that a test holding a manual `clock` still sees it refill; with
   * `clock: "server"` it refills on the server's `clock` instead (a manual clock then refills it
   * only when advanced, which lets a test drive it without waiting).
   */
  rateLimit?: RateLimitOptions | false;
  /** How bigints are written in responses: JSON numbers (default) or decimal strings (webrpc's form). */
  bigintAs?: "number" | "string";
  /**
   * Browser origins that get CORS headers (`http://localhost:5173`, compared exactly): a page on
   * another origin gets none, so its browser refuses every answer. Default: every origin, `null`
   * (a `file://` page, a sandboxed frame) included, each reflected in
   * `Access-Control-Allow-Origin`; the access key is checked all the same.
   */
  corsOrigins?: readonly string[];
  /**
   * The oldest client schema version accepted (`vX.Y.Z`), read from the `Webrpc` header; older
   * clients get `ClientOutdated` (8009). Default: the first version with this schema's breaking
   * digit (`v0.4.0` for a `v0.4.2` schema, `v2.0.0` for `v2.3.1`). Requests without the header
   * are accepted.
   */
  minClientVersion?: string;
  /** Largest request body accepted, in bytes; default 1 MiB. Larger bodies get 413. */
  maxBodyBytes?: number;
  /** Execution timing on the clock. */
  durations?: Durations;
  /**
   * On real chains: how many blocks deep a deposit must be (1: mined) before it is moved on and
   * paid out (`serve --confirmations N`); default 1. A whole number from 1 to 1000. Local chains
   * mine a block per transaction: mine more (`anvil_mine`) to reach N.
   */
  confirmations?: number;
  /** Longest wait of WaitIntentReceipt, in real milliseconds; default 5000. */
  longPollMs?: number;
  /** Chains and tokens; default `defaultCatalogue()`. */
  catalogue?: Catalogue;
  /** Balances by owner address (any case), for the `ownerAddress` route filter. */
  balances?: Record<string, BalanceEntry[]>;
  /** Fault injection: `true` honours `X-Dev-Fault`; a list also schedules faults. Off by default. */
  faults?: boolean | FaultRule[];
  /** Which executions fail; default: a deposit transaction hash ending in `dead`. */
  failRule?: FailRule;
  /** Largest price impact quoted before HighPriceImpact, as a fraction; default 0.05. */
  maxPriceImpact?: number;
  /** Quoted-but-never-committed intents kept at most (oldest dropped first); default 10,000. */
  maxQuotedIntents?: number;
  /** Intents kept at most, of every status (see `maxStoreBytes` for the eviction rule); default 100,000. */
  maxIntents?: number;
  /**
   * Byte budget of the intent store, default 128 MiB. Each intent counts the bytes of its
   * CommitIntent body plus 4 KiB of indexes and bookkeeping (an overestimate of its heap). Past
   * `maxIntents` or this budget, settled intents are dropped first, oldest first (a final status,
   * a quote older than 5 minutes, a commit older than 10), then quotes never committed, oldest
   * first; a QuoteIntent that would still not fit (the store is full of committed, live intents)
   * is `QuotaExceeded`. Keep it under about half the process's heap.
   */
  maxStoreBytes?: number;
  /**
   * Largest `destinationCallData` accepted by QuoteIntent, in bytes (two hex digits each);
   * default 64 KiB. A QuoteIntent whose intent would not fit in a CommitIntent body of
   * `maxBodyBytes` is refused too, so that every quote issued can be committed.
   */
  maxCallDataBytes?: number;
  /** Most intents in one SearchIntents answer (newest first, the rest left out); default 500. */
  maxSearchResults?: number;
  /**
   * Largest answer of SearchIntents and GetIntentHistory, in bytes; default 4 MiB. A search
   * answers the newest intents that fit (header `X-Total-Count` gives how many matched); a
   * history page ends early, with `nextPage` to continue.
   */
  maxResponseBytes?: number;
  /**
   * Where intents, receipts and the access keys are kept across restarts (see `StateStorage`;
   * `startDevServer({ stateFile })` gives a file). Memory only when absent.
   */
  state?: StateStorage;
  /**
   * Repair the state at start (`serve --state FILE --repair`): keep every valid record, set the
   * damaged lines aside (beside a file: `FILE.damaged-<time>.jsonl`, see `restored.setAside`)
   * and start. Without it, a damaged line before the last refuses the start. Default `false`.
   */
  repairState?: boolean;
}

/** The options with every default applied. */
export interface ResolvedOptions {
  accessKeys: AccessKeyConfig[];
  clock: Clock;
  seed: string;
  /** Whether the seed was given (ids then leave the clock out). */
  seeded: boolean;
  rateLimit: RateLimitOptions | false;
  bigintAs: "number" | "string";
  /** The origins given CORS headers; `undefined`: every origin. */
  corsOrigins: readonly string[] | undefined;
  minClientVersion: string;
  maxBodyBytes: number;
  stageMs: number;
  executingMs: number | undefined;
  /** Real ms of each stage of an execution on chains; 0 (not paced) unless `stageMs` was given. */
  chainStageMs: number;
  confirmations: number;
  longPollMs: number;
  catalogue: Catalogue;
  balances: Record<string, BalanceEntry[]>;
  faultsEnabled: boolean;
  faultRules: FaultRule[];
  failRule: FailRule;
  maxPriceImpactPpm: bigint;
  maxQuotedIntents: number;
  maxIntents: number;
  maxStoreBytes: number;
  maxCallDataBytes: number;
  maxSearchResults: number;
  maxResponseBytes: number;
}

/** The default failure rule: a deposit transaction hash ending in `dead` fails. */
export const defaultFailRule: FailRule = ({ depositTransactionHash }) =>
  depositTransactionHash.toLowerCase().endsWith("dead") ? "deposit transaction reverted" : false;

/** A random dev access key, `dev_` and 32 hex digits. */
export function generateAccessKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `dev_${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

function minClientVersionOf(given: string | undefined): string {
  if (given === undefined) return breakingFloor(SCHEMA_VERSION);
  if (!parseSchemaVersion(given)) {
    throw new TypeError(
      `minClientVersion must be a version such as v1.2.0, not ${JSON.stringify(given)}`,
    );
  }
  return given.startsWith("v") ? given : `v${given}`;
}

function confirmationsOf(given: number | undefined): number {
  if (given === undefined) return 1;
  if (!Number.isInteger(given) || given < 1 || given > 1000)
    throw new TypeError(
      `confirmations must be a whole number of blocks from 1 to 1000, not ${String(given)}`,
    );
  return given;
}

/** Applies the defaults. */
export function resolveOptions(o: DevServerOptions = {}): ResolvedOptions {
  return {
    accessKeys: o.accessKeys ?? [{ key: generateAccessKey() }],
    clock: o.clock ?? Date.now,
    seed: o.seed ?? "xchain-intents-dev",
    seeded: o.seed !== undefined,
    rateLimit: o.rateLimit ?? { capacity: 50, refillPerSecond: 20 },
    bigintAs: o.bigintAs ?? "number",
    corsOrigins: o.corsOrigins === undefined ? undefined : [...o.corsOrigins],
    minClientVersion: minClientVersionOf(o.minClientVersion),
    maxBodyBytes: o.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    stageMs: o.durations?.stageMs ?? 1000,
    executingMs: o.durations?.executingMs,
    chainStageMs: o.durations?.stageMs ?? 0,
    confirmations: confirmationsOf(o.confirmations),
    longPollMs: o.longPollMs ?? 5000,
    catalogue: o.catalogue ?? defaultCatalogue(),
    balances: o.balances ?? DEMO_BALANCES,
    faultsEnabled: o.faults !== undefined && o.faults !== false,
    faultRules: Array.isArray(o.faults) ? o.faults.map((r) => ({ ...r })) : [],
    failRule: o.failRule ?? defaultFailRule,
    maxPriceImpactPpm: BigInt(Math.round((o.maxPriceImpact ?? 0.05) * 1e6)),
    maxQuotedIntents: o.maxQuotedIntents ?? 10_000,
    maxIntents: o.maxIntents ?? 100_000,
    maxStoreBytes: o.maxStoreBytes ?? 128 * 1024 * 1024,
    maxCallDataBytes: o.maxCallDataBytes ?? 64 * 1024,
    maxSearchResults: o.maxSearchResults ?? 500,
    maxResponseBytes: o.maxResponseBytes ?? 4 * 1024 * 1024,
  };
}
