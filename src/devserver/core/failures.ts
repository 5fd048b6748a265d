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
