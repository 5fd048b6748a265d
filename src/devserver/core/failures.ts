/**
 * Shorthands for the errors the operations raise, with the wire `cause` the interface asks for:
 * the JSON pointer of the offending field, then what is wrong with it.
 */
import {
  HighPriceImpactError,
  IntentStatusError,
  InvalidArgumentError,
  NotFoundError,
  QuoteExpiredError,
  UnsupportedNetworkError,
} from "../../../generated/errors.js";

/** One problem of a request: the JSON pointer of the field and what is wrong with it. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** Most problems one `InvalidArgument` lists (the cause says how many more there were). */
export const MAX_LISTED_ISSUES = 20;

const listed = new WeakMap<Error, FieldIssue[]>();

/** The problems an `InvalidArgument` made by `invalidArguments` lists, if any. */
export function listedIssues(e: Error): readonly FieldIssue[] | undefined {
  return listed.get(e);
}

/**
 * `InvalidArgument` for every problem of a request, at most `MAX_LISTED_ISSUES` of them: the
 * cause reads `"/a: reason; /b: reason"` (plus how many were left out), and the wire body carries
 * them as a list, `issues: [{ path, message }]`.
 */
export function invalidArguments(issues: readonly FieldIssue[]): InvalidArgumentError {
  const shown = issues.slice(0, MAX_LISTED_ISSUES);
  let cause = shown.map((i) => `${i.path || "/"}: ${i.message}`).join("; ");
  if (issues.length > shown.length) cause += `; and ${issues.length - shown.length} more`;
  const e = new InvalidArgumentError({ message: `Invalid argument: ${cause}`, cause });
  listed.set(
    e,
    shown.map((i) => ({ path: i.path || "/", message: i.message })),
  );
  return e;
}

/** `InvalidArgument` naming the field at `pointer` (`/options/slippageTolerance`). */
export function invalidArgument(pointer: string, reason: string): InvalidArgumentError {
  const cause = `${pointer || "/"}: ${reason}`;
  return new InvalidArgumentError({ message: `Invalid argument: ${cause}`, cause });
}

/** `NotFound` for an intent id the server does not know. */
export function intentNotFound(intentId: string, pointer = "/intentId"): NotFoundError {
  return new NotFoundError({
    message: "Intent not found",
    cause: `${pointer}: no intent with id ${JSON.stringify(intentId.slice(0, 100))}`,
  });
}

/** `UnsupportedNetwork` for a chain id outside the catalogue. */
export function unsupportedNetwork(pointer: string, chainId: number): UnsupportedNetworkError {
  return new UnsupportedNetworkError({ cause: `${pointer}: chain ${chainId} is not supported` });
}

/** `QuoteExpired`, with why. */
export function quoteExpired(cause: string): QuoteExpiredError {
  return new QuoteExpiredError({ cause });
}

/** `IntentStatus`: the intent is not in a status that allows the operation. */
export function wrongStatus(cause: string): IntentStatusError {
  return new IntentStatusError({ cause });
}

/** `HighPriceImpact`, with the impact found and the bound. */
export function highPriceImpact(impactPpm: bigint, maxPpm: bigint): HighPriceImpactError {
  const pct = (ppm: bigint) => `${Number(ppm) / 10_000}%`;
  return new HighPriceImpactError({
    cause: `price impact ${pct(impactPpm)} exceeds the ${pct(maxPpm)} bound of this route's liquidity`,
  });
}
