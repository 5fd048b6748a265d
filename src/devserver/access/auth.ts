/**
 * Access keys: `X-Access-Key` is required on every operation that is not public; a missing key is
 * `Unauthorized`, an unknown one `AccessKeyNotFound`, and a key restricted to browser origins used
 * from another `Origin` is `InvalidOrigin`. A request without `Origin` is not from a browser page
 * (browsers send it on every POST), so the origin restriction does not apply to it.
 */
import {
  AccessKeyNotFoundError,
  InvalidOriginError,
  UnauthorizedError,
} from "../../../generated/errors.js";
import type { ServiceError } from "../../errors/service-error.js";
import type { AccessKeyConfig } from "../config/index.js";

/** The key of a request, or the error to answer with. */
export type AuthResult = { key: AccessKeyConfig } | { error: ServiceError };

/** Checks the access key of `request` against `keys`. */
export function authenticate(
  keys: ReadonlyMap<string, AccessKeyConfig>,
  request: Request,
): AuthResult {
  const sent = request.headers.get("x-access-key");
  if (sent === null || sent.trim() === "") {
    return { error: new UnauthorizedError({ cause: "the X-Access-Key header is missing" }) };
  }
  const key = keys.get(sent.trim());
  if (key === undefined)
    return {
      error: new AccessKeyNotFoundError({ cause: "the access key is not known to this server" }),
    };
  const origin = request.headers.get("origin");
  if (key.origins !== undefined && origin !== null && !key.origins.includes(origin)) {
    return {
      error: new InvalidOriginError({
        cause: `origin ${origin.slice(0, 200)} is not allowed for this access key`,
      }),
    };
  }
  return { key };
}
