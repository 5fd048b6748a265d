/**
 * The generated client writes each operation's name once: `defineOperation` derives the path and
 * the response type name from it, which the pipeline sends to and names in decoding errors.
 */
import { describe, expect, it } from "vitest";
import { ping } from "../../../generated/client.js";
import { validatePingRequest, validatePingResponse } from "../../../generated/validators.js";
import { defineOperation } from "../../../src/client/operation-spec.js";
import { createBaseClient } from "../../../src/index.js";

describe("defineOperation", () => {
  it("derives the path and response type name from the name, and keeps the rest", () => {
    const spec = defineOperation(
      "WaitIntentReceipt",
      { safeToRepeat: true, longPoll: true },
      validatePingRequest,
      validatePingResponse,
      [],
      ["intentReceipt.originTokenAmount"],
    );
    expect(spec).toEqual({
      name: "WaitIntentReceipt",
      path: "/rpc/Service/WaitIntentReceipt",
      responseType: "WaitIntentReceiptResponse",
      safeToRepeat: true,
      longPoll: true,
      validateRequest: validatePingRequest,
      validateResponse: validatePingResponse,
      requestBigints: [],
      responseBigints: ["intentReceipt.originTokenAmount"],
    });
  });

  it("gives a generated operation the path it is served at", async () => {
    const paths: string[] = [];
    const fetch = async (request: Request) => {
      paths.push(`${request.method} ${new URL(request.url).pathname}`);
      return Response.json({ version: "v1" });
    };
    const client = createBaseClient({ baseUrl: "http://service.test/api", fetch, retry: false });
    await expect(ping(client)).resolves.toEqual({ version: "v1" });
    expect(paths).toEqual(["POST /api/rpc/Service/Ping"]);
  });
});
