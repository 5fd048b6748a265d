/**
 * Telling a rounded amount from a modified one. A client that reads answers with a lossy JSON
 * parser (`JSON.parse`) turns every integer past 2^53 into the nearest double: it writes it back
 * with other digits (`25166782000000000123` → `25166782000000000000`) or in exponent form
 * (`1.2345e+76`). CommitIntent then refuses the intent; these say why, and what to do.
 */

/** Past this magnitude a JSON number read as a double may lose digits. */
const SAFE = 2n ** 53n;

/** What to do about it, said in every message of a rounded amount. */
export const ROUNDED_FIX =
  "the amount arrived rounded, as a JSON parser that reads numbers as doubles (JSON.parse) " +
  "leaves any integer past 2^53: send the header X-Bigint-As: string with every request (or " +
  'start the server with --string-bigints, bigintAs: "string") so that such a client gets ' +
  "amounts as decimal strings, or read answers with a lossless parser";

/**
 * Whether `actual` is `expected` rounded to the nearest double (and differs from it): the same
 * double, however it was written back (`JSON.stringify` prints its shortest digits,
 * `1234567891234567900`, not the double's exact value).
 */
export function isRoundedCopy(expected: unknown, actual: unknown): boolean {
  const e = typeof expected === "bigint" ? expected : undefined;
  if (e === undefined || (e < SAFE && e > -SAFE)) return false;
  let a: bigint;
  if (typeof actual === "bigint") a = actual;
  else if (typeof actual === "number" && Number.isInteger(actual)) a = BigInt(actual);
  else return false;
  return a !== e && Number(a) === Number(e);
}

/** Whether `excerpt` (a JSON number refused on an integer field) is how a double past 2^53 prints. */
export function looksLikeRoundedNumber(excerpt: string | undefined): boolean {
  return excerpt !== undefined && /^-?[1-9](\.\d+)?e\+\d+$/i.test(excerpt.trim());
}

/** The value at a JSON `pointer` in `value`; `undefined` when there is none. */
export function valueAt(value: unknown, pointer: string): unknown {
  let at: unknown = value;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof at !== "object" || at === null || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}
