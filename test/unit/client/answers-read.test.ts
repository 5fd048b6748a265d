import { describe, expect, it } from "vitest";
import {
  type AnswerIds,
  checkReadAnswers,
  intentAnswerIds,
  receiptAnswerIds,
} from "../../../src/client/answers-read.js";
import { IntentMismatchError } from "../../../src/errors.js";

/** Where each read's generated spec says its answer names the intent; other operations none. */
const READERS: Record<string, AnswerIds> = {
  GetIntent: intentAnswerIds,
  GetIntentReceipt: receiptAnswerIds,
  WaitIntentReceipt: receiptAnswerIds,
};

function refusal(operation: string, answer: unknown): IntentMismatchError | undefined {
  try {
    checkReadAnswers(
      { name: operation, answerIds: READERS[operation] },
      { intentId: "a" },
      answer,
      200,
    );
  } catch (e) {
    expect(e).toBeInstanceOf(IntentMismatchError);
    return e as IntentMismatchError;
  }
  return undefined;
}

describe("checkReadAnswers", () => {
  it("passes answers about the intent asked for, and operations that name none", () => {
    expect(refusal("GetIntent", { intent: { intentId: "a" } })).toBeUndefined();
    const receipt = { intentReceipt: { intentId: "a", summary: { intentId: "a" } } };
    expect(refusal("GetIntentReceipt", receipt)).toBeUndefined();
    expect(refusal("WaitIntentReceipt", receipt)).toBeUndefined();
    expect(refusal("QuoteIntent", { intent: { intentId: "b" } })).toBeUndefined();
  });

  it("names the field that differs, what was asked and what came", () => {
    const e = refusal("GetIntent", { intent: { intentId: "b", status: "QUOTED" } });
    expect([e?.field, e?.expected, e?.found, e?.operation, e?.status]).toEqual([
      "intent.intentId",
      "a",
      "b",
      "GetIntent",
      200,
    ]);
    const summary = { intentReceipt: { intentId: "a", summary: { intentId: "b" } } };
    expect(refusal("WaitIntentReceipt", summary)?.field).toBe("intentReceipt.summary.intentId");
  });

  it("an answer without the id, or not an object at all, is refused, not a crash", () => {
    expect(refusal("GetIntent", {})?.found).toBe("(none)");
    expect(refusal("GetIntentReceipt", null)?.found).toBe("(none)");
    expect(refusal("GetIntent", { intent: { intentId: 7 } })?.found).toBe("7");
    expect(refusal("GetIntent", "text")?.field).toBe("intent.intentId");
    // A receipt without a summary, or with `null` for it (`validate: "off"` lets either through):
    // the receipt's own id is compared, and nothing throws a TypeError on the missing summary.
    for (const summary of [undefined, null]) {
      const receipt = { intentReceipt: { intentId: "a", summary } };
      expect(refusal("GetIntentReceipt", receipt)).toBeUndefined();
      const other = { intentReceipt: { intentId: "b", summary } };
      expect(refusal("WaitIntentReceipt", other)?.field).toBe("intentReceipt.intentId");
    }
  });
});
