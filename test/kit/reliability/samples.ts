/**
 * Real response bodies, as the dev server writes them, for every operation whose answer carries
 * an intent or a receipt: the well-formed bases that the hostile tests then spoil.
 */
import { operationTable } from "../../../generated/operations.js";
import type { QuoteIntentResponse } from "../../../generated/types.js";
import { parseJson, stringifyJson } from "../../../src/codec/index.js";
import { manualClock } from "../../../src/devserver/index.js";
import type { IntentClient } from "../../../src/index.js";
import { OWNER, T0 } from "../devserver/helpers.js";
import { depositHash, quoteRequestFor, startService } from "./service.js";

/**
 * Operations whose answers are spoiled, with how the client calls each: the reads of one intent
 * ask for `intentId`, the samples' intent (a read refuses an answer about another intent).
 */
export const RESPONSE_OPS = {
  GetIntent: (c: IntentClient, intentId: string) => c.getIntent({ intentId }),
  QuoteIntent: (c: IntentClient) => c.quoteIntent(quoteRequestFor(OWNER)),
  GetIntentReceipt: (c: IntentClient, intentId: string) => c.getIntentReceipt({ intentId }),
  WaitIntentReceipt: (c: IntentClient, intentId: string) => c.waitIntentReceipt({ intentId }),
  SearchIntents: (c: IntentClient) => c.searchIntents({ byOwnerAddress: OWNER }),
  GetIntentHistory: (c: IntentClient) => c.getIntentHistory({ byOwnerAddress: OWNER }),
} as const;

/** The id of the samples' intent (`collectSamples`), which the reads ask for. */
export function sampleIntentId(samples: Record<ResponseOp, string>): string {
  return (parseJson(samples.GetIntent, "GetIntentResponse") as { intent: { intentId: string } })
    .intent.intentId;
}

export type ResponseOp = keyof typeof RESPONSE_OPS;

/** The response type name of `op` (`GetIntentResponse`). */
export const responseType = (op: ResponseOp): string => operationTable[op].responseType;

/** Raw bodies of every `RESPONSE_OPS` answer for one intent that went all the way to SUCCEEDED. */
export async function collectSamples(): Promise<Record<ResponseOp, string>> {
  const clock = manualClock(T0);
  const srv = await startService({ clock: clock.now });
  try {
    const post = async (op: string, body: unknown) => {
      const info = operationTable[op as keyof typeof operationTable];
      const res = await srv.fetch(`/rpc/Service/${op}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-access-key": srv.accessKey },
        body: stringifyJson(body, info.requestType),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${op}: ${res.status} ${text}`);
      return text;
    };
    const quoted = await post("QuoteIntent", quoteRequestFor(OWNER));
    const { intent } = parseJson(quoted, "QuoteIntentResponse") as QuoteIntentResponse;
    const intentId = intent.intentId;
    await post("CommitIntent", { intent });
    await post("ExecuteIntent", { intentId, depositTransactionHash: depositHash(7) });
    clock.advance(10 * 60_000);
    return {
      GetIntent: await post("GetIntent", { intentId }),
      QuoteIntent: quoted,
      GetIntentReceipt: await post("GetIntentReceipt", { intentId }),
      WaitIntentReceipt: await post("WaitIntentReceipt", { intentId }),
      SearchIntents: await post("SearchIntents", { byOwnerAddress: OWNER }),
      GetIntentHistory: await post("GetIntentHistory", { byOwnerAddress: OWNER }),
    };
  } finally {
    await srv.close();
  }
}
