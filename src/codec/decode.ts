/**
 * Decoding, and which path runs when.
 *
 * The client (whatever its `validate` mode) and `parseJson` run one path:
 *
 * 1. Always: `JSON.parse` (native speed), then one walk of the whole value (`walk.ts`): bigint
 *    fields holding decimal strings or safe integers convert in place; every number past 2^53
 *    (on a bigint path or not) is queued; nesting past `MAX_DEPTH` is refused.
 * 2. Only when something was queued, or a bigint field held a JSON number (the numbers wire): one
 *    scan of the text (`number-tokens.ts`) gives the queued numbers their digits (`recover.ts`:
 *    in order, with no lookup, when the text has as many keys as the walk met properties; else
 *    by value), and finds whole numbers written as fractions or exponents (`1.0` in a bigint
 *    field).
 * 3. Only when step 2 cannot be sure (duplicate keys whose numbers round to the same double, a
 *    whole number written `1e20`, array-index keys), or to locate a syntax error: the exact
 *    parser (`exact-parse.ts`) decodes the whole text once more.
 *
 * On the strings wire with no number past 2^53, only step 1 runs.
 */
import { JsonDecodeError } from "./errors.js";
import { parseExact } from "./exact-parse.js";
import { excerptAt, excerptOf } from "./excerpt.js";
import { BIGINT_EXPECTED } from "./leaf.js";
import { MAX_DEPTH } from "./limits.js";
import { locateDeep, locateInvalid, pathStep } from "./locate.js";
import { scanUnsafeNumbers } from "./number-tokens.js";
import type { PathTree } from "./paths.js";
import { recoverDigits } from "./recover.js";
import { DEPTH_FAILED, WALK_FAILED, WalkState, walkValue } from "./walk.js";

/**
 * Parses `text` and turns every value on a bigint path of `tree` into an exact `bigint`. Any other
 * integer past 2^53 (written as a plain integer) becomes an exact `bigint` too; every other value
 * is what `JSON.parse` makes of it.
 *
 * @example
 * const tree = compilePaths(["amount"]);
 * decodeWithPaths('{"amount":1500000000000000000}', tree); // { amount: 1500000000000000000n }
 * @throws {JsonDecodeError} when the text is not JSON, a bigint field holds something else, a
 * number is past the largest double, or the value nests deeper than `MAX_DEPTH`.
 */
export function decodeWithPaths(text: string, tree: PathTree): unknown {
  const value = parse(text);
  const st = new WalkState();
  walk(text, value, tree, st);
  if (st.pending.length > 0) {
    if (recoverDigits(text, st)) return value;
  } else if (!st.sawNumber || !scanUnsafeNumbers(text).integralFraction) {
    return value;
  }
  return parseExact(text, tree);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    return invalidJson(text, e);
  }
}

/** Walks; on an invalid value, throws a `JsonDecodeError` naming its path. */
function walk(text: string, value: unknown, tree: PathTree, st: WalkState): void {
  try {
    walkValue(value, tree, st);
  } catch (e) {
    if (e === DEPTH_FAILED) {
      const path = (locateDeep(value, MAX_DEPTH) ?? []).reduce<string>(pathStep, "$");
      throw new JsonDecodeError(`Nesting deeper than ${MAX_DEPTH} levels at ${path}`, { path });
    }
    if (e !== WALK_FAILED) throw e;
    const found = locateInvalid(value, tree);
    if (found === undefined) {
      parseExact(text, tree); // throws the error with its position
      throw e;
    }
    const shown = excerptOf(found.value);
    throw new JsonDecodeError(`Expected ${BIGINT_EXPECTED} at ${found.path}, got ${shown}`, {
      path: found.path,
      excerpt: shown,
    });
  }
}

/** `JSON.parse` refused the text: the exact parser says where and why. */
function invalidJson(text: string, cause: unknown): never {
  parseExact(text, undefined);
  // Both parsers should refuse the same texts; if only JSON.parse did, report without a position.
  throw new JsonDecodeError(`Invalid JSON: ${excerptAt(String(cause), 0)}`, {
    excerpt: excerptAt(text, 0),
  });
}
