/**
 * The lossless JSON codec: bigint fields (token base units, wei, gas, salts, nonces) decode to
 * exact `bigint`s whether the server sent JSON numbers or decimal strings, and encode with every
 * digit; everything else is plain JSON.
 */
import { decodeWithPaths } from "./decode.js";
import { encodeWithPaths, type StringifyOptions } from "./encode.js";
import { type BigintPathTable, pathTreeFor } from "./registry.js";

export { decodeWithPaths } from "./decode.js";
export { encodeWithPaths, type StringifyOptions } from "./encode.js";
export { JsonDecodeError, type JsonDecodeErrorDetails, JsonEncodeError } from "./errors.js";
export { MAX_DEPTH } from "./limits.js";
export { locateDeep } from "./locate.js";
export { compilePaths, type FieldShape, type PathTree, type Shape } from "./paths.js";
export { type BigintPathTable, pathTreeFor } from "./registry.js";

/**
 * Parses a JSON body of type `typeName` (a schema type name such as `QuoteIntentResponse`):
 * every bigint field becomes an exact `bigint`; any other integer past 2^53 (an id or an unknown
 * field) becomes an exact `bigint` too; every other number stays a `number`; unknown fields are kept. Nesting is limited to `MAX_DEPTH` levels.
 *
 * @example
 * const res = parseJson(body, "QuoteIntentResponse") as QuoteIntentResponse;
 * res.intent.quote.fromAmount; // 1500000000000000000n, whether sent as a number or a string
 * @throws {JsonDecodeError} when the body is not JSON or a bigint field holds something else.
 */
export function parseJson(text: string, typeName: string, table?: BigintPathTable): unknown {
  return decodeWithPaths(text, pathTreeFor(typeName, table));
}

/**
 * Writes a value of type `typeName` as JSON with every digit of its bigints: as JSON numbers by
 * default, or as decimal strings with `{ bigintAs: "string" }`. Bigints outside the type's bigint
 * fields are written as JSON numbers with every digit.
 *
 * @example
 * stringifyJson({ intent }, "CommitIntentRequest"); // '{"intent":{…,"salt":1234…5678,…}}'
 * @throws {JsonEncodeError} for a `number` on a bigint field that is not a safe integer, a cycle,
 * or nesting deeper than `MAX_DEPTH`.
 */
export function stringifyJson(
  value: unknown,
  typeName: string,
  options?: StringifyOptions & { table?: BigintPathTable },
): string {
  return encodeWithPaths(value, pathTreeFor(typeName, options?.table), options);
}
