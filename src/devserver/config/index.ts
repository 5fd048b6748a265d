/**
 * Config: how a dev server is set up. The options of `createDevHandler` and `startDevServer` with
 * their defaults applied in one place (the `xchain-intents serve` command reads its arguments in
 * `src/cli/`).
 */
export {
  type AccessKeyConfig,
  DEFAULT_MAX_BODY_BYTES,
  type DevServerOptions,
  type Durations,
  defaultFailRule,
  type FailRule,
  type FailRuleInput,
  type RateLimitOptions,
  type ResolvedOptions,
  resolveOptions,
} from "./options.js";
export type { ConnectionOptions, StartOptions } from "./start-options.js";
export type { StateStorage } from "./state-storage.js";
