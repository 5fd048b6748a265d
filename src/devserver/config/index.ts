/**
 * Config: how a dev server is set up. The options of `createDevHandler` and `startDevServer` with
 * their defaults applied in one place, and the arguments of the `xchain-intents serve` command,
 * parsed apart from the command itself so that tests can check them.
 */
export {
  type AccessKeyConfig,
  type DevServerOptions,
  type Durations,
  defaultFailRule,
  type FailRule,
  type FailRuleInput,
  generateAccessKey,
  type RateLimitOptions,
  type ResolvedOptions,
  resolveOptions,
} from "./options.js";
