/**
 * An operation's spec from what only the schema says of it. Its path and response type name
 * follow from its name (`QuoteIntent`: `/rpc/Service/QuoteIntent`, `QuoteIntentResponse`, named
 * in decoding errors), so the generated client writes each name once instead of three times.
 */
import type { OperationName } from "../../generated/operations.js";
import type { Validator } from "../../generated/validators.js";
import type { AnswerIds } from "./answers-read.js";
import type { OperationSpec } from "./call.js";

/**
 * The spec of operation `name` (the flags: `@retry:safe`, `@longpoll`, and for a read of one
 * intent where its answer names it).
 */
export function defineOperation<K extends OperationName>(
  name: K,
  flags: {
    readonly safeToRepeat: boolean;
    readonly longPoll?: boolean;
    readonly answerIds?: AnswerIds;
  },
  validateRequest: Validator,
  validateResponse: Validator,
  requestBigints: readonly string[],
  responseBigints: readonly string[],
): OperationSpec<K> {
  return {
    name,
    path: `/rpc/Service/${name}`,
    responseType: `${name}Response`,
    ...flags,
    validateRequest,
    validateResponse,
    requestBigints,
    responseBigints,
  };
}
