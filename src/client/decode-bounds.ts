/**
 * How many values a body may make the decoder build, derived from `maxResponseBytes`. The byte
 * limit alone does not bound the work: 30 MB of `[[]]` is 12 million arrays, which `JSON.parse`
 * takes seconds and a gigabyte to build. Real answers hold one array or object per 65 bytes or
 * more (token prices; intents 270–350), one value per 10 bytes or more (token lists, receipt
 * states; intents 24–29), and a few hundred distinct key names whatever their size; the bounds
 * leave at least twice that room (key names: 8,192 in 32 MiB) and refuse anything denser before
 * a value is built. From a limit of 8 MiB (a bound of 2,048 names), key names are counted on a
 * random sample of the keys (`codec/name-sample.ts`): a body of at most 1,024 names always
 * passes, one of 1.25 times the bound is refused but for a chance below 10^-13.
 */
import type { ScanBounds, UnsafeTokens } from "../codec/number-tokens.js";
import type { ServiceError } from "../errors/service-error.js";
import { ResponseTooLargeError } from "./client-errors.js";
import { pathAtOffset } from "./depth-scan.js";

/** Bytes of `maxResponseBytes` per array or object allowed. */
export const BYTES_PER_CONTAINER = 32;
/** Bytes of `maxResponseBytes` per value allowed (keys, strings, numbers, literals, containers). */
export const BYTES_PER_VALUE = 4;
/** Bytes of `maxResponseBytes` per distinct key name allowed (the schema has a few hundred). */
export const BYTES_PER_NAME = 4096;

/**
 * The bounds for a client whose body limit is `maxResponseBytes`, never below room for a few
 * thousand values, so that a small limit still takes any answer that fits in it.
 *
 * @example
 * decodeBounds(32 * 1024 * 1024); // { containers: 1048576, values: 8388608, names: 8192 }
 */
export function decodeBounds(maxResponseBytes: number): ScanBounds {
  return {
    containers: Math.max(4096, Math.floor(maxResponseBytes / BYTES_PER_CONTAINER)),
    values: Math.max(16_384, Math.floor(maxResponseBytes / BYTES_PER_VALUE)),
    names: Math.max(1024, Math.floor(maxResponseBytes / BYTES_PER_NAME)),
  };
}

/**
 * The error for a body that passed the bounds at `scanned.denseAt`: the containers or values
 * whose count passed its bound, else the distinct key names.
 */
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
      : scanned.values > bounds.values
        ? `${bounds.values} values (one per ${BYTES_PER_VALUE} bytes`
        : `${bounds.names} distinct key names (one per ${BYTES_PER_NAME} bytes`;
  return new ResponseTooLargeError({
    status,
    operation,
    message: `bad response from ${operation}: HTTP ${status}, the body holds more than ${what} of maxResponseBytes ${maxResponseBytes}) at ${pathAtOffset(text, scanned.denseAt)}`,
    limitBytes: maxResponseBytes,
  });
}
