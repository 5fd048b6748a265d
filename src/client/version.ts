/** The SDK's own name and version, sent in the `Webrpc` header and named in outdated-client errors. */
import { SCHEMA_NAME, SCHEMA_VERSION, WEBRPC_VERSION } from "../../generated/operations.js";

/** Package name. */
export const SDK_NAME = "xchain-intents";
/** Package version (kept equal to `package.json` by a test). */
export const SDK_VERSION = "0.1.0";

/**
 * Value of the `Webrpc` request header, e.g.
 * `webrpc@v1;xchain-intents@0.1.0;xchain-intents@v0.1.0` (protocol, SDK, schema).
 */
export const WEBRPC_HEADER = `webrpc@${WEBRPC_VERSION};${SDK_NAME}@${SDK_VERSION};${SCHEMA_NAME}@${SCHEMA_VERSION}`;
