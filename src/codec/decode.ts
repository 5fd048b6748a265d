/**
 * Decoding: `JSON.parse` first (native speed), then a walk over the bigint paths only. Decimal
 * strings and safe integers convert in place. Only when a number past 2^53 sits on a bigint path
 * are its digits read back from the text: one forward scan lists the unsafe number tokens in
 * document order, and when they are exactly the queued values (same count, walk in document order,
 * each token parsing to its value) they pair up one to one. Otherwise (a long number in a field
 * that is not a bigint, duplicate keys, array-index keys) the tokens are matched by value, which
 * works whenever no two different texts round to the same double; failing that, or when anything
 * is invalid, the exact parser decides.
 */
import { JsonDecodeError } from "./errors.js";
import { parseExact } from "./exact-parse.js";
import { excerptAt, excerptOf } from "./excerpt.js";
import { BIGINT_EXPECTED, isDecimalInteger, setOwn } from "./leaf.js";
import { locateInvalid } from "./locate.js";
import { indexTokens, scanUnsafeNumbers } from "./number-tokens.js";
import { isEmptyTree, type PathTree } from "./paths.js";
import { WALK_FAILED, type WalkResult, walkBigints } from "./walk.js";

/**
 * Parses `text` and turns every value on a bigint path of `tree` into an exact `bigint`.
 *
 * @example
 * const tree = compilePaths(["amount"]);
 * decodeWithPaths('{"amount":1500000000000000000}', tree); // { amount: 1500000000000000000n }
 * @throws {JsonDecodeError} when the text is not JSON or a bigint field holds something else.
 */
export function decodeWithPaths(text: string, tree: PathTree): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return invalidJson(text, e);
  }
  if (isEmptyTree(tree)) return value;
  let walk: WalkResult;
  try {
    walk = walkBigints(value, tree);
  } catch (e) {
    if (e !== WALK_FAILED) throw e;
    const found = locateInvalid(value, tree);
    if (found === undefined) return parseExact(text, tree);
    const shown = excerptOf(found.value);
    throw new JsonDecodeError(`Expected ${BIGINT_EXPECTED} at ${found.path}, got ${shown}`, {
      path: found.path,
      excerpt: shown,
    });
  }
  if (walk.pending.length === 0 || recoverDigits(text, walk)) return value;
  return parseExact(text, tree);
}

/** Gives each queued number its digits from the text; false when some cannot be known for sure. */
function recoverDigits(text: string, walk: WalkResult): boolean {
  const tokens = scanUnsafeNumbers(text);
  const { pending } = walk;
  if (walk.ordered && tokens.length * 3 === pending.length && pairInOrder(tokens, pending)) {
    return true;
  }
  return pairByValue(tokens, pending);
}

/** The i-th token belongs to the i-th queued value; each pair is checked all the same. */
function pairInOrder(tokens: readonly string[], pending: unknown[]): boolean {
  for (let i = 0, j = 0; j < tokens.length; i += 3, j++) {
    const token = tokens[j] as string;
    if (!isDecimalInteger(token)) return false;
    const exact = BigInt(token);
    if (Number(exact) !== pending[i + 2]) return false;
    setOwn(pending[i] as object, pending[i + 1] as string | number, exact);
  }
  return true;
}

/** Each queued value takes the one token text that parses to it, when there is only one. */
function pairByValue(tokens: readonly string[], pending: unknown[]): boolean {
  const index = indexTokens(tokens);
  for (let i = 0; i < pending.length; i += 3) {
    const digits = index.get(pending[i + 2] as number);
    if (typeof digits !== "string") return false;
    setOwn(pending[i] as object, pending[i + 1] as string | number, BigInt(digits));
  }
  return true;
}

/** `JSON.parse` refused the text: the exact parser says where and why. */
function invalidJson(text: string, cause: unknown): never {
  parseExact(text, undefined);
  // Both parsers should refuse the same texts; if only JSON.parse did, report without a position.
  throw new JsonDecodeError(`Invalid JSON: ${excerptAt(String(cause), 0)}`, {
    excerpt: excerptAt(text, 0),
  });
}
