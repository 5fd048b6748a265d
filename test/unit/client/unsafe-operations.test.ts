/**
 * `@retry:unsafe` operations are data: the generated code sends them through the reconciling
 * path, which looks up a reconciler by operation name. One without a reconciler is never sent
 * twice after an ambiguous failure.
 */
import { describe, expect, it } from "vitest";
import {
  validateGetIntentRequest,
  validateGetIntentResponse,
} from "../../../generated/validators.js";
import type { OperationSpec } from "../../../src/client/call.js";
import { callReconciled } from "../../../src/client/state-changing.js";
import { createBaseClient } from "../../../src/index.js";

const unreconciled: OperationSpec<{ intentId: string }, unknown> = {
  name: "ArchiveIntent",
  path: "/rpc/Service/ArchiveIntent",
  requestType: "GetIntentRequest",
  responseType: "GetIntentResponse",
  safeToRepeat: false,
  validateRequest: validateGetIntentRequest,
  validateResponse: validateGetIntentResponse,
};

describe("an unsafe operation without a reconciler", () => {
  it("is sent once when the connection drops, and nothing is read back", async () => {
    const paths: string[] = [];
    const fetch = async (request: Request) => {
      paths.push(new URL(request.url).pathname);
      throw new TypeError("fetch failed", { cause: { code: "ECONNRESET" } });
    };
    const client = createBaseClient({
      baseUrl: "http://service.test",
      fetch,
      retry: { maxRetries: 3, baseDelayMs: 1 },
    });
    await expect(callReconciled(client, unreconciled, { intentId: "i-1" })).rejects.toMatchObject({
      name: "WebrpcRequestFailedError",
    });
    expect(paths).toEqual(["/rpc/Service/ArchiveIntent"]);
  });

  it("an unsafe operation with a reconciler reads the intent back instead", async () => {
    const paths: string[] = [];
    const fetch = async (request: Request) => {
      paths.push(new URL(request.url).pathname);
      throw new TypeError("fetch failed");
    };
    const client = createBaseClient({ baseUrl: "http://service.test", fetch, retry: false });
    const commit = { ...unreconciled, name: "ExecuteIntent", path: "/rpc/Service/ExecuteIntent" };
    await expect(callReconciled(client, commit, { intentId: "i-1" })).rejects.toMatchObject({
      name: "WebrpcRequestFailedError",
    });
    expect(paths).toEqual(["/rpc/Service/ExecuteIntent", "/rpc/Service/GetIntent"]);
  });
});
