/** The reconciling path's own `GetIntent` call is the schema's `GetIntent`. */
import { describe, expect, it } from "vitest";
import { operationTable } from "../../../generated/operations.js";
import { readIntentSpec } from "../../../src/client/read-intent.js";

describe("readIntentSpec", () => {
  it("matches the generated operation table's GetIntent", () => {
    const op = operationTable.GetIntent;
    expect({
      name: readIntentSpec.name,
      path: readIntentSpec.path,
      requestType: readIntentSpec.requestType,
      responseType: readIntentSpec.responseType,
      safeToRepeat: readIntentSpec.safeToRepeat,
      requestBigints: readIntentSpec.requestBigints,
      responseBigints: readIntentSpec.responseBigints,
    }).toEqual({
      name: op.name,
      path: op.path,
      requestType: op.requestType,
      responseType: op.responseType,
      safeToRepeat: op.safeToRepeat,
      requestBigints: op.requestBigints,
      responseBigints: op.responseBigints,
    });
  });
});
