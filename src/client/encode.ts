/** Turning a request into its body: the lossless encoder, whose refusals become typed errors. */
import { encodeWithPaths, JsonEncodeError } from "../codec/index.js";
import { RequestValidationError } from "./client-errors.js";
import { treeOf } from "./path-trees.js";

/**
 * Encodes the request of `operation`, whose bigint fields are at `bigints`. A value the encoder cannot write without altering it (a
 * `number` past 2^53 in a bigint field, a cycle, nesting past the codec's depth limit) is a
 * `RequestValidationError` naming its pointer, in every validation mode: nothing is sent.
 */
export function encodeRequest(
  operation: string,
  bigints: readonly string[],
  request: unknown,
  bigintAs: "number" | "string",
): string {
  try {
    return encodeWithPaths(request, treeOf(bigints), { bigintAs });
  } catch (e) {
    if (!(e instanceof JsonEncodeError)) throw e;
    const where = e.pointer === "" ? "(root)" : e.pointer;
    throw new RequestValidationError({
      operation,
      message: `${operation} request ${where} ${e.message}`,
      pointer: e.pointer,
      issues: [
        {
          instancePath: e.pointer,
          keyword: "encode",
          params: {},
          message: e.message,
        },
      ],
      cause: e,
    });
  }
}
