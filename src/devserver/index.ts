/**
 * The dev server: the whole service interface on loopback, for local development and tests.
 *
 * @example
 * import { startDevServer, manualClock } from "xchain-intents/devserver";
 * const clock = manualClock();
 * const srv = await startDevServer({ port: 0, clock: clock.now });
 * // … point a client at srv.url with srv.accessKey, or use srv.fetch with no socket …
 * await srv.close();
 *
 * @packageDocumentation
 */
export { DEMO_BALANCES, DEMO_OWNER } from "./balances.js";
export type { Catalogue, ChainEntry, TokenEntry } from "./catalogue.js";
export { defaultCatalogue, NATIVE_TOKEN } from "./catalogue-data.js";
export { checksumAddress } from "./checksum.js";
export { type Clock, type ManualClock, manualClock } from "./clock.js";
export { create2Address } from "./create2.js";
export type { FaultRule } from "./faults.js";
export { createDevHandler, type DevHandler } from "./handler.js";
export { operationAt } from "./operation-routes.js";
export {
  type AccessKeyConfig,
  type BalanceEntry,
  type DevServerOptions,
  type Durations,
  defaultFailRule,
  type FailRule,
  type FailRuleInput,
  type RateLimitOptions,
} from "./options.js";
export { type DevServer, type StartOptions, startDevServer } from "./server.js";
export type { DevServerStats } from "./stats.js";
