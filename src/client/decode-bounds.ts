/**
 * How many values a body may make the decoder build, derived from `maxResponseBytes`. The byte
 * limit alone does not bound the work: 30 MB of `[[]]` is 12 million arrays, which `JSON.parse`
 * takes seconds and a gigabyte to build. Real answers hold one array or object per 270–350 bytes
 * and one value per 11–13 bytes (a quote, a search of 10,000 intents); the bounds leave four times
 * that room and refuse anything denser before a value is built.
 */
import type { ScanBounds, UnsafeTokens } from "../codec/number-tokens.js";
import type { ServiceError } from "../errors/service-error.js";
import { ResponseTooLargeError } from "./client-errors.js";
import { pathAtOffset } from "./depth-scan.js";

/** Bytes of `maxResponseBytes` per array or object allowed. */
export const BYTES_PER_CONTAINER = 64;
/** Bytes of `maxResponseBytes` per value allowed (keys, strings, numbers, literals, containers). */
export const BYTES_PER_VALUE = 4;

/**
 * The bounds for a client whose body limit is `maxResponseBytes`, never below room for a few
 * thousand values, so that a small limit still takes any answer that fits in it.
 *
 * @example
 * decodeBounds(32 * 1024 * 1024); // { containers: 524288, values: 8388608 }
 */
export function decodeBounds(maxResponseBytes: number): ScanBounds {
  return {
    containers: Math.max(1024, Math.floor(maxResponseBytes / BYTES_PER_CONTAINER)),
    values: Math.max(16_384, Math.floor(maxResponseBytes / BYTES_PER_VALUE)),
  };
}

/** The error for a body that passed the bounds at `scanned.denseAt`. */
export function tooDense(
  operation: string,
  status: number,
  text: string,
  scanned: UnsafeTokens,
  maxResponseBytes: number,
): ServiceError {
  const bounds = decodeBounds(maxResponseBytes);
  const what =
    scanned.containers > bounds.containers
      ? `${bounds.containers} arrays and objects (one per ${BYTES_PER_CONTAINER} bytes`
      : `${bounds.values} values (one per ${BYTES_PER_VALUE} bytes`;
  return new ResponseTooLargeError({
    status,
    operation,
    message: `bad response from ${operation}: HTTP ${status}, the body holds more than ${what} of maxResponseBytes ${maxResponseBytes}) at ${pathAtOffset(text, scanned.denseAt)}`,
    limitBytes: maxResponseBytes,
  });
}
