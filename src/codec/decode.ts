/**
 * Decoding along the bigint paths, with exactly one path for every caller (the client in each
 * `validate` mode, and `parseJson`): `JSON.parse` and one walk (`walk.ts`); the text's digits for
 * numbers past 2^53, taken during the walk and checked here; the exact parser when that cannot be
 * sure, and for every error, which it locates. The whole design is in `docs/codec.md`.
 * `scanUnsafeNumbers(text, MAX_DEPTH)` before it bounds the nesting before `JSON.parse` runs, and
 * is then passed in rather than made again.
 */

import { excerptAt } from "../errors/excerpt.js";
import { JsonDecodeError } from "./errors.js";
import { type IntegralReader, parseExact } from "./exact-parse.js";
import { scanUnsafeNumbers, type UnsafeTokens } from "./number-tokens.js";
import type { PathTree } from "./paths.js";
import { walkValue } from "./walk.js";

/**
 * Parses `text` and turns every value on a bigint path of `tree` into an exact `bigint`. Any other
 * integer past 2^53 (written as a plain integer) becomes an exact `bigint` too; every other value
 * is what `JSON.parse` makes of it. `integral` reads numbers as `ExactParseOptions.integralNumbers`
 * says (`parseJson` passes `integralBigint` when it is set).
 *
 * @example
 * const tree = compilePaths(["amount"]);
 * decodeWithPaths('{"amount":1500000000000000000}', tree); // { amount: 1500000000000000000n }
 * @throws {JsonDecodeError} when the text is not JSON, a bigint field holds something else, a
 * number is past the largest double, or the value nests deeper than `MAX_DEPTH`.
 */
export function decodeWithPaths(
  text: string,
  tree: PathTree,
  integral?: IntegralReader,
  scanned?: UnsafeTokens,
): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    parseExact(text, undefined); // throws the error with its position
    // Both parsers refuse the same texts; should only JSON.parse refuse, report without one.
    throw new JsonDecodeError(`Invalid JSON: ${excerptAt(String(cause), 0)}`, {
      excerpt: excerptAt(text, 0),
    });
  }
  // `scanned`: the same scan, already made by a caller that bounded the depth before parsing.
  const st = walkValue(value, tree, text, scanned);
  // A value the walk cannot take (a bad bigint field, nesting past the limit): the exact parser
  // finds it again and throws the error naming its path and position.
  if (st === undefined) return parseExact(text, tree, integral);
  if (st.taken === 0 && !st.sawNumber) return value;
  // `docs/codec.md`, step 2. A whole number written `1.0` or `1e20` may sit in a bigint field,
  // which must refuse it, or be past 2^53 elsewhere: only the exact parser knows where it is.
  // The digits the walk took are right when the text has as many keys as it met properties (no
  // duplicate key), no array-index key reordered the visit, and each token was taken once.
  const { integralFraction, keys, spans } = st.tokens ?? scanUnsafeNumbers(text);
  if (
    !integralFraction &&
    (st.taken === 0 || (st.ordered && keys === st.properties && st.taken === spans.length))
  ) {
    return value;
  }
  return parseExact(text, tree, integral);
}
