/** Which intent statuses are final (nothing more will happen). */
import type { IntentStatus } from "../../generated/types.js";

const FINAL: ReadonlySet<string> = new Set([
  "SUCCEEDED",
  "FAILED",
  "ABORTED",
  "REFUNDED",
  "INVALID",
]);

/**
 * Whether `status` is final: SUCCEEDED, FAILED, ABORTED, REFUNDED or INVALID. QUOTED, COMMITTED,
 * EXECUTING, and any status the schema does not know yet, are pending.
 *
 * @example
 * if (isFinalStatus(intent.status)) showResult(intent);
 */
export function isFinalStatus(status: IntentStatus): boolean {
  return FINAL.has(status);
}
