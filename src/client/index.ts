/** The client: `createClient`, the tree-shakable base client and one function per operation. */
export { type BaseClient, createBaseClient } from "./base-client.js";
export { createClient, type IntentClient } from "./create-client.js";
export {
  clock,
  getExactInputRoutes,
  getExactOutputRoutes,
  getIntent,
  getIntentHistory,
  getIntentReceipt,
  getTokenPrices,
  ping,
  quoteIntent,
  searchIntents,
  waitIntentReceipt,
} from "./operations.js";
export type { CallOptions, ClientOptions, FetchLike } from "./options.js";
export { commitIntent, executeIntent } from "./state-changing.js";
export { SDK_NAME, SDK_VERSION, WEBRPC_HEADER } from "./version.js";
