/**
 * Execution: the service's side on real chains. An intent executed on its chains (deposit check,
 * payout, receipts rechecked after a reorg), executions resumed after a restart, stranded
 * deposits refunded, and the balances the routes read from chains.
 */
export { heldOnChain } from "./chain-balances.js";
export { executeOnChain, resumeExecutions } from "./execute-on-chain.js";
export { type StrandedWatch, watchStranded } from "./refund-stranded.js";
