/**
 * Faults: injection of failures on request, for dev mode only. A request header `X-Dev-Fault` or a
 * scheduled rule turns an answer into a rate limit, a 5xx, an HTML 502, an empty or truncated body,
 * a slow answer or a connection reset, so that users can test their own retry handling; on real
 * chains, it drops a deposit or delays a payout. This room parses and schedules faults and shapes
 * the spoiled answers; the HTTP room decides when to apply them.
 */
export { faultAfter, faultBefore } from "./fault-response.js";
export {
  type ChainFault,
  type FaultRule,
  isChainFault,
  isConnectionReset,
  parseFault,
} from "./faults.js";
export { FaultInjection } from "./injection.js";
