/**
 * Config: how a dev server is set up. The options of `createDevHandler` and `startDevServer` with
 * their defaults applied in one place (the `xchain-intents serve` command reads its arguments in
 * `src/cli/`).
 */

export type {
  AccessKeyConfig,
  DevServerOptions,
  Durations,
  FailRule,
  FailRuleInput,
  RateLimitOptions,
  ResolvedOptions,
} from "./options.js";
export { DEFAULT_MAX_BODY_BYTES, defaultFailRule, resolveOptions } from "./options.js";
export type { ConnectionOptions, StartOptions } from "./start-options.js";
export type { StateStorage } from "./state-storage.js";
