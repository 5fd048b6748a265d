/**
 * The headers a call must carry: a JSON content type, and a client schema version (`Webrpc`) the
 * server still accepts.
 */
import { ClientOutdatedError, WebrpcBadRequestError } from "../../../generated/errors.js";
import { outdatedClient } from "./client-version.js";
import { isJsonContentType } from "./protocol.js";

/** Refuses a body that is not JSON, and a client whose schema is older than `minClientVersion`. */
export function checkRequestHeaders(request: Request, minClientVersion: string): void {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    throw new WebrpcBadRequestError({
      message: "Content-Type must be application/json",
      cause: "unsupported content type",
    });
  }
  const outdated = outdatedClient(request.headers.get("webrpc"), minClientVersion);
  if (outdated !== undefined) {
    throw new ClientOutdatedError({
      message: outdated,
      cause: `minimum client schema ${minClientVersion}`,
    });
  }
}
