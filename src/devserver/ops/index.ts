/**
 * Ops: one module per operation of the schema, each a function from a decoded, validated request
 * and its call context to a response object (or a thrown typed error). They read and change the
 * server's state (`ServerState`: options, catalogue, balances, store, counters) and know nothing of
 * HTTP: the HTTP room routes to them through the `operations` table.
 */
export {
  type CallContext,
  type ChainRuntime,
  notifyChange,
  type ServerState,
} from "./context.js";
export { EncodedAnswer } from "./encoded.js";
export { resumeExecutions } from "./execute-on-chain.js";
export { LongPolls } from "./long-polls.js";
export {
  type Answer,
  type Handler,
  OPERATIONS_FILE,
  operations,
} from "./operations.js";
export { type StrandedWatch, watchStranded } from "./refund-stranded.js";
export { createServerState } from "./server-state.js";
