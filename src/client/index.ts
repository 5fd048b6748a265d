/**
 * The call pipeline every operation runs through: the tree-shakable base client, its options, and
 * the errors the client raises itself. The operations are generated on top of it
 * (`generated/client.ts`), and `createClient` composes both with the lifecycle helpers one level
 * up (`src/intent-client/`).
 */
export { type BaseClient, createBaseClient } from "./base-client.js";
export type { CallOptions, ClientOptions } from "./options.js";
export type { FetchLike, Middleware, RetryHook } from "./transport.js";
export { SDK_VERSION } from "./version.js";
