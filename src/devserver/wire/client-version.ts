/**
 * The client's schema version, read from the `Webrpc` request header
 * (`webrpc@v1;<generator>@<version>;<schema>@<schema version>`), and the rule that refuses a
 * client older than the oldest schema this server accepts (`ClientOutdated`). A missing or
 * unreadable header, or one naming another schema, is accepted: older clients and other tools
 * send none.
 */
import { SCHEMA_NAME, SCHEMA_VERSION } from "../../../generated/operations.js";
import { SDK_NAME, SDK_VERSION } from "../../client/version.js";
import { isOlderVersion, parseSchemaVersion } from "../core/index.js";

/** The schema version a `Webrpc` header names for this schema, if it names one. */
export function clientSchemaVersion(header: string | null): string | undefined {
  if (header === null || header.length > 512) return undefined;
  const parts = header.split(";");
  if (parts.length < 3) return undefined;
  const last = (parts[parts.length - 1] as string).trim();
  const at = last.lastIndexOf("@");
  if (at <= 0 || last.slice(0, at) !== SCHEMA_NAME) return undefined;
  const version = last.slice(at + 1);
  return parseSchemaVersion(version) ? version : undefined;
}

/**
 * Why a client with this header is refused (the `ClientOutdated` message), or `undefined` when it
 * is accepted. `min` is the oldest client schema version accepted.
 */
export function outdatedClient(header: string | null, min: string): string | undefined {
  const version = clientSchemaVersion(header);
  const client = version === undefined ? undefined : parseSchemaVersion(version);
  const floor = parseSchemaVersion(min);
  if (client === undefined || floor === undefined || !isOlderVersion(client, floor))
    return undefined;
  return (
    `Client is outdated: its schema ${version} is older than ${min}, the oldest this server ` +
    `accepts (it serves ${SCHEMA_VERSION}); install ${SDK_NAME}@${SDK_VERSION} or later`
  );
}
