/** The client: `createClient`, the tree-shakable base client and one function per operation. */
export * from "../../generated/client.js";
export type { IntentClientMethods } from "../../generated/client-methods.js";
export { type BaseClient, createBaseClient } from "./base-client.js";
export { createClient, type IntentClient, type LifecycleMethods } from "./create-client.js";
export type { CallOptions, ClientOptions, FetchLike } from "./options.js";
export { SDK_VERSION } from "./version.js";
