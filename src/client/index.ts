/**
 * The call pipeline every operation runs through: the tree-shakable base client, its options, and
 * the errors the client raises itself. The operations are generated on top of it
 * (`generated/client.ts`), and `createClient` composes both with the lifecycle helpers one level
 * up (`src/lifecycle/`). Beside it in this room, and exported by the entries from their own files:
 * the checks of answers against what was asked (`IntentMismatchError`), the clock skew, and
 * `sleep`, `abortable` and `deadline`, the one way the package waits.
 */
export { type BaseClient, createBaseClient } from "./base-client.js";
export type { CallOptions, ClientOptions } from "./options.js";
export type { FetchLike, Middleware, RetryHook } from "./transport.js";
export { SDK_VERSION } from "./version.js";
