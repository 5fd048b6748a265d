import { describe, expect, it } from "vitest";
import { bigintPaths, operationTable } from "../../../generated/operations.js";
import { SchemaModel } from "../../../scripts/emit/model.js";
import { withSuccinctMethods } from "../../../scripts/emit/succinct.js";
import { parseRidlFile } from "../../../scripts/ridl/index.js";
import { repoPath } from "../../kit/runtimes/harness.js";

const schema = parseRidlFile(repoPath("schema/service.ridl"));
// Methods written with argument lists get their request and response structs, as the generator
// gives them.
const model = new SchemaModel(withSuccinctMethods(schema));

describe("generated bigint paths", () => {
  it("expand, for every struct, to exactly the flattened paths of the schema", () => {
    for (const struct of model.structs()) {
      expect(bigintPaths[struct.name], struct.name).toEqual(model.bigintPaths(struct.name));
    }
  });

  it("are the request and response paths of each operation", () => {
    for (const op of Object.values(operationTable)) {
      expect(op.requestBigints).toEqual(model.bigintPaths(op.requestType));
      expect(op.responseBigints).toEqual(model.bigintPaths(op.responseType));
    }
  });

  it("reach amounts nested in lists of intents", () => {
    expect(bigintPaths.SearchIntentsResponse).toContain("intents[].quote.fromAmount");
    expect(bigintPaths.SearchIntentsResponse).toContain("intents[].originCalls.calls[].value");
    expect(bigintPaths.QuoteIntentResponse).toContain("gasFeeOptions.feeOptions[].amount");
  });
});
