/** Checks of the service's answers against what the caller asked. */
export { type AmountBounds, checkAmountBounds } from "./amount-bounds.js";
export { checkCommittedId, checkIntentAnswers } from "./answers-request.js";
export { IntentMismatchError } from "./intent-mismatch.js";
