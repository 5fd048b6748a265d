/**
 * Which wire a request asks its amounts on: the `X-Bigint-As` request header, `string` (decimal
 * strings, what clients built on `JSON.parse` need to keep every digit) or `number` (JSON
 * numbers with every digit, the interface's wire). Without it, the server's default
 * (`bigintAs`, `serve --string-bigints`).
 */
import { WebrpcBadRequestError } from "../../../generated/errors.js";

/** The request header that picks the wire of one answer's amounts. */
export const BIGINT_WIRE_HEADER = "X-Bigint-As";

/** The wire of the answer to `headers`; a value other than `string` or `number` is refused. */
export function bigintWireOf(headers: Headers, fallback: "number" | "string"): "number" | "string" {
  const raw = headers.get(BIGINT_WIRE_HEADER);
  if (raw === null) return fallback;
  const value = raw.trim().toLowerCase();
  if (value === "string" || value === "number") return value;
  throw new WebrpcBadRequestError({
    cause: `${BIGINT_WIRE_HEADER} must be "string" or "number", not ${JSON.stringify(raw.slice(0, 40))}`,
  });
}
