/** The reconciling path's own `GetIntent` call is the schema's `GetIntent`. */
import { describe, expect, it } from "vitest";
import { operationTable } from "../../../generated/operations.js";
import { checkReadAnswers } from "../../../src/client/answers-read.js";
import { readIntentSpec } from "../../../src/client/read-intent.js";
import { IntentMismatchError } from "../../../src/errors.js";

describe("readIntentSpec", () => {
  it("matches the generated operation table's GetIntent", () => {
    const op = operationTable.GetIntent;
    expect({
      name: readIntentSpec.name,
      path: readIntentSpec.path,
      responseType: readIntentSpec.responseType,
      safeToRepeat: readIntentSpec.safeToRepeat,
      requestBigints: readIntentSpec.requestBigints,
      responseBigints: readIntentSpec.responseBigints,
    }).toEqual({
      name: op.name,
      path: op.path,
      responseType: op.responseType,
      safeToRepeat: op.safeToRepeat,
      requestBigints: op.requestBigints,
      responseBigints: op.responseBigints,
    });
  });

  it("refuses an answer about another intent, as the generated GetIntent does", () => {
    const read = (intentId: string) => () =>
      checkReadAnswers(readIntentSpec, { intentId: "a" }, { intent: { intentId } }, 200);
    expect(read("a")).not.toThrow();
    expect(read("b")).toThrow(IntentMismatchError);
  });
});
