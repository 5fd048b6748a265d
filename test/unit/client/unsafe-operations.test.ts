/**
 * `@retry:unsafe` operations are data: the generated code sends them through the reconciling
 * path, which looks up a reconciler by operation name. One without a reconciler is never sent
 * twice after an ambiguous failure (here `Ping`, declared unsafe for the test: it has none).
 */
import { describe, expect, it } from "vitest";
import {
  validateExecuteIntentRequest,
  validateExecuteIntentResponse,
  validatePingRequest,
  validatePingResponse,
} from "../../../generated/validators.js";
import type { OperationSpec } from "../../../src/client/call.js";
import { callReconciled } from "../../../src/client/state-changing.js";
import { createBaseClient } from "../../../src/index.js";

const unreconciled: OperationSpec<"Ping"> = {
  name: "Ping",
  path: "/rpc/Service/Ping",
  responseType: "PingResponse",
  safeToRepeat: false,
  validateRequest: validatePingRequest,
  validateResponse: validatePingResponse,
  requestBigints: [],
  responseBigints: [],
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
    await expect(callReconciled(client, unreconciled, {})).rejects.toMatchObject({
      name: "WebrpcRequestFailedError",
    });
    expect(paths).toEqual(["/rpc/Service/Ping"]);
  });

  it("an unsafe operation with a reconciler reads the intent back instead", async () => {
    const paths: string[] = [];
    const fetch = async (request: Request) => {
      paths.push(new URL(request.url).pathname);
      throw new TypeError("fetch failed");
    };
    const client = createBaseClient({ baseUrl: "http://service.test", fetch, retry: false });
    const execute: OperationSpec<"ExecuteIntent"> = {
      name: "ExecuteIntent",
      path: "/rpc/Service/ExecuteIntent",
      responseType: "ExecuteIntentResponse",
      safeToRepeat: false,
      validateRequest: validateExecuteIntentRequest,
      validateResponse: validateExecuteIntentResponse,
      requestBigints: [],
      responseBigints: [],
    };
    const request = { intentId: "i-1", depositTransactionHash: `0x${"ab".repeat(32)}` };
    await expect(callReconciled(client, execute, request)).rejects.toMatchObject({
      name: "WebrpcRequestFailedError",
    });
    expect(paths).toEqual(["/rpc/Service/ExecuteIntent", "/rpc/Service/GetIntent"]);
  });
});
