/**
 * Context: what every operation works on. The server's state (`ServerState`: options, catalogue,
 * balances, store, counters) and how it is made, the per-call context, the held long polls, the
 * answers encoded once and served as they are, and who may see which intent.
 */
export { type CallContext, type ChainRuntime, notifyChange, type ServerState } from "./context.js";
export { EncodedAnswer, encodeList } from "./encoded.js";
export type { HeldPoll } from "./long-polls.js";
export { createServerState } from "./server-state.js";
export { canSee, checkProjectFilter, visibleRecord } from "./visibility.js";
