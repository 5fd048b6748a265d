/**
 * `GET /dev/chains`: the discovery call of the dev server (not an operation of the service). It
 * answers, to a request with a valid `X-Access-Key`, what `srv.chains` and `srv.testAccounts`
 * hold in process: the mode, each chain's RPC URL and chain definition, and the funded test
 * accounts (PUBLIC test keys). The demo reads it to run against a `serve` on chains; a browser app
 * or a script can too.
 */
import { WebrpcBadMethodError } from "../../../generated/errors.js";
import { authenticate } from "../access/index.js";
// One path for the server and for `devChains`, its reader in the browser-safe room.
import { DEV_CHAINS_PATH } from "../browser/index.js";
import type { DevChainsInfo } from "../chains/index.js";
import type { AccessKeyConfig } from "../config/index.js";
import { errorResponse, jsonResponse } from "../wire/index.js";

export { DEV_CHAINS_PATH };

/** The answer to a request at `DEV_CHAINS_PATH`. */
export function devChainsAnswer(
  request: Request,
  keys: ReadonlyMap<string, AccessKeyConfig>,
  info: DevChainsInfo,
  headers: Headers,
): Response {
  if (request.method !== "GET") {
    headers.set("Allow", "GET");
    return errorResponse(
      {
        definition: WebrpcBadMethodError.definition,
        cause: `${request.method.slice(0, 20)} is not allowed on ${DEV_CHAINS_PATH}; use GET`,
      },
      headers,
    );
  }
  const auth = authenticate(keys, request);
  if ("error" in auth) throw auth.error;
  return jsonResponse(JSON.stringify(info), 200, headers);
}
