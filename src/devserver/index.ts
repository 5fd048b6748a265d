/**
 * The dev server's public names, which `src/devserver.ts` opens as `xchain-intents/devserver`.
 *
 * Its code is in rooms by concern, each with an index that opens with what it holds, and each
 * importing only the rooms before it: `browser` (what a browser app takes from a dev server:
 * `devChains`, `devWalletProvider`; no Node built-in, its own entry) → `core` (clock, ids,
 * hashing, fixed-point, failures) →
 * `wire` (routes, bodies, validation, answers) and `faults` → `market` (catalogue, routes,
 * providers, quote math) → `chains` (anvil processes, tokens, accounts, JSON-RPC) → `intents`
 * (store, lifecycle, receipts) → `config` (options) → `state` (journal, state file, chain state,
 * open and restore) → `access` (keys, rate limit) → `context` (server state, call context, long
 * polls, encoded answers) → `execution` (on chains: executions, receipts, refunds) → `ops` (one
 * module per operation, and their table) → `http` (the fetch-standard handler, no Node built-in)
 * → `node` (the Node listener and `startDevServer`).
 */

export {
  type DevChainList,
  DevChainsError,
  type DevChainsOptions,
  DevWalletError,
  type DevWalletOptions,
  type DevWalletProvider,
  devChains,
  devWalletProvider,
} from "./browser/index.js";
export type {
  ChainEndpoint,
  DevChainsInfo,
  DevTestAccount,
  LocalChain,
  LocalChainDefinition,
  TestAccount,
} from "./chains/index.js";
export {
  type AccessKeyConfig,
  type ConnectionOptions,
  type DevServerOptions,
  type Durations,
  defaultFailRule,
  type FailRule,
  type FailRuleInput,
  type RateLimitOptions,
  type StartOptions,
  type StateStorage,
} from "./config/index.js";
export {
  type Clock,
  type DevServerStats,
  type ManualClock,
  manualClock,
} from "./core/index.js";
export type { FaultRule } from "./faults/index.js";
export { createDevHandler, DEV_CHAINS_PATH, type DevHandler } from "./http/index.js";
export {
  type BalanceEntry,
  type Catalogue,
  type ChainEntry,
  DEMO_BALANCES,
  DEMO_OWNER,
  defaultCatalogue,
  NATIVE_TOKEN,
  type TokenEntry,
} from "./market/index.js";
export { type ConnectionLimits, type DevServer, startDevServer } from "./node/index.js";
