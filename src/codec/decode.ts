/**
 * Decoding: `JSON.parse` first (native speed), then a walk over the bigint paths only. Decimal
 * strings and safe integers convert in place. Numbers past 2^53 get their digits from the text
 * (see `recover.ts`). When they cannot be known for sure, or when anything is invalid, the exact
 * parser decides.
 */
import { JsonDecodeError } from "./errors.js";
import { parseExact } from "./exact-parse.js";
import { excerptAt, excerptOf } from "./excerpt.js";
import { BIGINT_EXPECTED } from "./leaf.js";
import { locateInvalid } from "./locate.js";
import { scanUnsafeNumbers } from "./number-tokens.js";
import { isEmptyTree, type PathTree } from "./paths.js";
import { recoverDigits, UnsafeQueue } from "./recover.js";
import { type UnsafeSink, WALK_FAILED, walkBigints } from "./walk.js";

/**
 * Parses `text` and turns every value on a bigint path of `tree` into an exact `bigint`.
 *
 * @example
 * const tree = compilePaths(["amount"]);
 * decodeWithPaths('{"amount":1500000000000000000}', tree); // { amount: 1500000000000000000n }
 * @throws {JsonDecodeError} when the text is not JSON or a bigint field holds something else.
 */
export function decodeWithPaths(text: string, tree: PathTree): unknown {
  const value = parse(text);
  if (isEmptyTree(tree)) return value;
  const queue = new UnsafeQueue();
  walk(text, value, tree, queue);
  if (queue.pending.length > 0) {
    if (recoverDigits(text, queue)) return value;
  } else if (!queue.sawNumber || !scanUnsafeNumbers(text).integralFraction) {
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
function walk(text: string, value: unknown, tree: PathTree, sink: UnsafeSink): void {
  try {
    walkBigints(value, tree, sink);
  } catch (e) {
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
