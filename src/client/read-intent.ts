/**
 * The read the reconciling path makes after an ambiguous failure: `GetIntent`, called through the
 * same pipeline as every operation. Written here rather than imported from the generated client,
 * which is built on this room (`test/unit/client/read-intent.test.ts` holds it to the schema's
 * `GetIntent` in `generated/operations.ts`).
 */
import { pathsGetIntentRequest, pathsGetIntentResponse } from "../../generated/operations.js";
import type { GetIntentRequest, GetIntentResponse } from "../../generated/types.js";
import { validateGetIntentRequest, validateGetIntentResponse } from "../../generated/validators.js";
import { intentAnswerIds } from "./answers-read.js";
import type { BaseClient } from "./base-client.js";
import { callOperation, type OperationSpec } from "./call.js";
import type { CallOptions } from "./options.js";

/** How to call `GetIntent`. */
export const readIntentSpec: OperationSpec<"GetIntent"> = {
  name: "GetIntent",
  path: "/rpc/Service/GetIntent",
  responseType: "GetIntentResponse",
  safeToRepeat: true,
  validateRequest: validateGetIntentRequest,
  validateResponse: validateGetIntentResponse,
  requestBigints: pathsGetIntentRequest,
  responseBigints: pathsGetIntentResponse,
  answerIds: intentAnswerIds,
};

/** Reads an intent (`GetIntent`). */
export function readIntent(
  client: BaseClient,
  request: GetIntentRequest,
  options?: CallOptions,
): Promise<GetIntentResponse> {
  return callOperation(client, readIntentSpec, request, options);
}
