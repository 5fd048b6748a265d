/**
 * Whether a read answers about the intent it asked for. `GetIntent`, `GetIntentReceipt` and
 * `WaitIntentReceipt` name one intent; an answer about another (a cache keyed wrongly, a proxy
 * that rewrote the request, a server mixing up two requests) would pass the schema's validation,
 * and a caller, or the reconciling read of a commit, would act on the wrong intent.
 */
import { redactText } from "../errors/redact.js";
import { IntentMismatchError } from "./intent-mismatch.js";

type Answer = Record<string, Record<string, unknown> | undefined> | undefined;

/** Where each reading operation's answer names its intent, as `[field, id]` pairs. */
const NAMED: Record<string, (a: Answer) => [string, unknown][]> = {
  GetIntent: (a) => [["intent.intentId", a?.intent?.intentId]],
  GetIntentReceipt: receipt,
  WaitIntentReceipt: receipt,
};

function receipt(a: Answer): [string, unknown][] {
  const r = a?.intentReceipt;
  const summary = r?.summary as Record<string, unknown> | undefined;
  const pairs: [string, unknown][] = [["intentReceipt.intentId", r?.intentId]];
  // Missing or `null` where `validate` let it through: no summary, so nothing of it to compare.
  if (summary != null) pairs.push(["intentReceipt.summary.intentId", summary.intentId]);
  return pairs;
}

/**
 * Throws `IntentMismatchError` (`field` the answer's field, `expected` the `intentId` asked for,
 * `found` what came, with `secret` redacted from it) when the answer of `operation` is about
 * another intent than `request.intentId`; other operations pass. Run in every `validate` mode:
 * it is the caller's safety, not the schema's.
 *
 * @example
 * checkReadAnswers("GetIntent", { intentId: "a" }, { intent: { intentId: "b" } }); // throws
 */
export function checkReadAnswers(
  operation: string,
  request: unknown,
  answer: unknown,
  status: number,
  secret?: string,
): void {
  const named = NAMED[operation];
  if (named === undefined) return;
  const asked = (request as { intentId?: unknown }).intentId;
  for (const [field, found] of named(answer as Answer)) {
    if (found !== asked) {
      const shown = redactText(String(found ?? "(none)"), secret).slice(0, 200);
      throw new IntentMismatchError(field, String(asked), shown, {
        operation,
        status,
      });
    }
  }
}
