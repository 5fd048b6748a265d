/**
 * Whether a read answers about the intent it asked for. `GetIntent`, `GetIntentReceipt` and
 * `WaitIntentReceipt` name one intent; an answer about another (a cache keyed wrongly, a proxy
 * that rewrote the request, a server mixing up two requests) would pass the schema's validation,
 * and a caller, or the reconciling read of a commit, would act on the wrong intent. Each such
 * operation's spec carries where its answer names the intent (`answerIds`, written into the
 * generated specs), so a bundle holds only the readers of the operations it calls.
 */
import { redactText } from "../errors/redact.js";
import { IntentMismatchError } from "./intent-mismatch.js";

type Answer = Record<string, Record<string, unknown> | undefined> | undefined;

/** Where an answer names its intent, as `[field, id]` pairs. */
export type AnswerIds = (answer: unknown) => [string, unknown][];

/** `GetIntent`: the intent's own id. */
export const intentAnswerIds: AnswerIds = (a) => [
  ["intent.intentId", (a as Answer)?.intent?.intentId],
];

/** `GetIntentReceipt`, `WaitIntentReceipt`: the receipt's id, and its summary's when it has one. */
export const receiptAnswerIds: AnswerIds = (a) => {
  const r = (a as Answer)?.intentReceipt;
  const summary = r?.summary as Record<string, unknown> | undefined;
  const pairs: [string, unknown][] = [["intentReceipt.intentId", r?.intentId]];
  // Missing or `null` where `validate` let it through: no summary, so nothing of it to compare.
  if (summary != null) pairs.push(["intentReceipt.summary.intentId", summary.intentId]);
  return pairs;
};

/**
 * Throws `IntentMismatchError` (`field` the answer's field, `expected` the `intentId` asked for,
 * `found` what came, with `secret` redacted from it) when `spec`'s answer is about another intent
 * than `request.intentId`; an operation whose spec has no `answerIds` passes. Run in every
 * `validate` mode: it is the caller's safety, not the schema's.
 *
 * @example
 * const spec = { name: "GetIntent", answerIds: intentAnswerIds };
 * checkReadAnswers(spec, { intentId: "a" }, { intent: { intentId: "b" } }, 200); // throws
 */
export function checkReadAnswers(
  spec: { readonly name: string; readonly answerIds?: AnswerIds | undefined },
  request: unknown,
  answer: unknown,
  status: number,
  secret?: string,
): void {
  if (spec.answerIds === undefined) return;
  const asked = (request as { intentId?: unknown }).intentId;
  for (const [field, found] of spec.answerIds(answer)) {
    if (found !== asked) {
      const shown = redactText(String(found ?? "(none)"), secret).slice(0, 200);
      throw new IntentMismatchError(field, String(asked), shown, {
        operation: spec.name,
        status,
      });
    }
  }
}
