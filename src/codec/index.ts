/**
 * The lossless JSON codec: bigint fields (token base units, wei, gas, salts, nonces) decode to
 * exact `bigint`s whether the server sent JSON numbers or decimal strings, and encode with every
 * digit; everything else is plain JSON.
 */
import { decodeWithPaths } from "./decode.js";
import { encodeWithPaths, type StringifyOptions } from "./encode.js";
import type { ExactParseOptions } from "./exact-parse.js";
import { integralBigint } from "./leaf.js";
import { type BigintPathTable, pathTreeFor } from "./paths.js";

export { decodeWithPaths } from "./decode.js";
export { encodeWithPaths, type StringifyOptions } from "./encode.js";
export { JsonDecodeError, type JsonDecodeErrorDetails, JsonEncodeError } from "./errors.js";
export type { ExactParseOptions } from "./exact-parse.js";
export { MAX_DEPTH } from "./leaf.js";
export { type BigintPathTable, compilePaths, pathTreeFor } from "./paths.js";

/**
 * Parses a JSON body of type `typeName` (a schema type name such as `QuoteIntentResponse`):
 * every bigint field, and any other integer past 2^53, becomes an exact `bigint`; other numbers
 * stay `number`s; unknown fields are kept; nesting is limited to `MAX_DEPTH` levels.
 *
 * @example
 * const res = parseJson(body, "QuoteIntentResponse") as QuoteIntentResponse;
 * res.intent.quote.fromAmount; // 1500000000000000000n, whether sent as a number or a string
 * `options.integralNumbers` reads `1000.0` and `1e3` in a bigint field (and any such integer past
 * 2^53) as the exact integers they are, as JSON Schema does; by default they are refused there.
 * @throws {JsonDecodeError} when the body is not JSON or a bigint field holds something else.
 */
export function parseJson(
  text: string,
  typeName: string,
  table?: BigintPathTable,
  options?: ExactParseOptions,
): unknown {
  const integral = options?.integralNumbers ? integralBigint : undefined;
  return decodeWithPaths(text, pathTreeFor(typeName, table), integral);
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
