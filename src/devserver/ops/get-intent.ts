/**
 * GetIntent and GetIntentReceipt: one intent, or its receipt, as they stand on the server's clock.
 */
import type {
  GetIntentReceiptRequest,
  GetIntentReceiptResponse,
  GetIntentRequest,
  GetIntentResponse,
} from "../../../generated/types.js";
import type { CallContext } from "../context/index.js";
import { visibleRecord } from "../context/index.js";
import type { IntentRecord } from "../intents/index.js";
import { intentView, receiptOf, stateAt } from "../intents/index.js";

/** The record of `intentId`, or `NotFound` (also for another project's intent). */
export function recordOf(intentId: string, ctx: CallContext): IntentRecord {
  return visibleRecord(intentId, ctx);
}

/** One intent with its current status. */
export function getIntent(req: GetIntentRequest, ctx: CallContext): GetIntentResponse {
  const rec = recordOf(req.intentId, ctx);
  return { intent: intentView(rec, stateAt(rec, ctx.now, ctx.server.timing)) };
}

/** The current receipt of one intent. */
export function getIntentReceipt(
  req: GetIntentReceiptRequest,
  ctx: CallContext,
): GetIntentReceiptResponse {
  const rec = recordOf(req.intentId, ctx);
  return { intentReceipt: receiptOf(rec, stateAt(rec, ctx.now, ctx.server.timing)) };
}
