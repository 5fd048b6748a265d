/**
 * Intents: what the server remembers and how it reads back. The store keeps every issued intent
 * with the indexes that SearchIntents and GetIntentHistory use; the lifecycle derives an intent's
 * status and its transactions' states from the clock at read time (COMMITTED → EXECUTING →
 * SUCCEEDED or FAILED), and the receipt views turn a stored record into the intent and receipt
 * the operations answer with.
 */

export {
  isFinal,
  isSettled,
  nextChangeAt,
  receiptStates,
  stateAt,
  type Timing,
  totalExecutionMs,
} from "./lifecycle.js";
export { intentView, receiptOf } from "./receipt.js";
export {
  type Execution,
  type IndexName,
  type IntentRecord,
  IntentStore,
  RECORD_OVERHEAD_BYTES,
  type StoreListener,
} from "./store.js";
