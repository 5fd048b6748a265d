/** The error type of the RIDL front end. */

/**
 * A RIDL parse, import or validation error. `message` is exactly what webrpc reports (what
 * follows `ERROR: ` in its CLI output), e.g. `4:13: error near "\n": expecting token` or
 * `schema error: methods cannot be empty for service 'S'`.
 */
export class RidlError extends Error {
  override name = "RidlError";
}
