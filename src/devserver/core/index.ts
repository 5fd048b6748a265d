/**
 * Core: the small pure pieces every other room of the dev server stands on. The injectable clock
 * and the interface's two time windows, hex and keccak helpers, EIP-55 checksummed addresses,
 * CREATE2 intent addresses, deterministic ids derived from the seed, exact fixed-point arithmetic,
 * an ordered list with cursors, the slices in which long work shares the event loop (and a queue
 * of tasks run one at a time), deep comparison of decoded values (and telling an amount rounded in
 * transit), the typed failures the operations raise, and the server's counters. Nothing here
 * imports another room of the dev server; the two windows are the client's own (its expiry
 * helpers in `src/lifecycle/`), so that both sides of the interface read one definition.
 */

export { EXECUTE_WINDOW_MS } from "../../lifecycle/execute-deadline.js";
export { QUOTE_TTL_MS } from "../../lifecycle/quote-expiry.js";
export { addressKey, checksumAddress } from "./checksum.js";
export {
  type Clock,
  httpDate,
  type ManualClock,
  manualClock,
  rfc3339,
} from "./clock.js";
export { create2Address, walletInitCodeHash } from "./create2.js";
export { firstDifference, pointerSegment } from "./diff.js";
export {
  type FieldIssue,
  highPriceImpact,
  intentNotFound,
  invalidArgument,
  invalidArguments,
  listedIssues,
  quoteExpired,
  unsupportedNetwork,
  wrongStatus,
} from "./failures.js";
export {
  mulDiv,
  mulDivCeil,
  PPM,
  parseDecimal,
  pow10,
  toDecimalString,
  toFloat,
} from "./fixed-point.js";
export {
  addressWord,
  bytesToBigint,
  concatBytes,
  fromHex,
  isAddress,
  isCalldata,
  isHash,
  keccak,
  keccakInSlices,
  toHex,
  word,
} from "./hex.js";
export {
  canonical,
  type Digest,
  derive,
  deriveBigint,
  deriveHex,
  deriveNumber,
  deriveUuid,
  digestOf,
  digestOfInSlices,
} from "./ids.js";
export { LoopSlices } from "./loop-slices.js";
export { OneAtATime, OneAtATimePer } from "./one-at-a-time.js";
export { OrderedList } from "./ordered-list.js";
export { isRoundedCopy, looksLikeRoundedNumber, ROUNDED_FIX, valueAt } from "./rounded.js";
export { breakingFloor, isOlderVersion, parseSchemaVersion } from "./schema-version.js";
export { bump, type DevServerStats, newStats, snapshot } from "./stats.js";
export { utf8Length } from "./utf8.js";
