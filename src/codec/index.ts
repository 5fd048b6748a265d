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
export { JsonDecodeError, type JsonDecodeErrorDetails } from "./errors.js";
export { compilePaths, type FieldShape, type PathTree, type Shape } from "./paths.js";
export { type BigintPathTable, pathTreeFor } from "./registry.js";
export { hasJsonParseSource } from "./source-access.js";

/**
 * Parses a JSON body of type `typeName` (a schema type name such as `QuoteIntentResponse`):
 * every bigint field becomes an exact `bigint`, every other number stays a `number`, unknown
 * fields are kept.
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
 * fields are written too (never a `TypeError`).
 *
 * @example
 * stringifyJson({ intent }, "CommitIntentRequest"); // '{"intent":{…,"salt":1234…5678,…}}'
 */
export function stringifyJson(
  value: unknown,
  typeName: string,
  options?: StringifyOptions & { table?: BigintPathTable },
): string {
  return encodeWithPaths(value, pathTreeFor(typeName, options?.table), options);
}
