/**
 * The interface's error table ("Errors"), transcribed: 43 errors, the ten `Webrpc*` ones
 * included (webrpc reserves those names; the schema does not declare them, generators add them).
 */

/** One error: wire name, code, HTTP status and message. */
export interface ErrorSpec {
  readonly name: string;
  readonly code: number;
  readonly status: number;
  readonly msg: string;
}

export const interfaceErrors: readonly ErrorSpec[] = [
  { name: "WebrpcEndpoint", code: 0, status: 400, msg: "endpoint error" },
  { name: "WebrpcRequestFailed", code: -1, status: 400, msg: "request failed" },
  { name: "WebrpcBadRoute", code: -2, status: 404, msg: "bad route" },
  { name: "WebrpcBadMethod", code: -3, status: 405, msg: "bad method" },
  { name: "WebrpcBadRequest", code: -4, status: 400, msg: "bad request" },
  { name: "WebrpcBadResponse", code: -5, status: 500, msg: "bad response" },
  { name: "WebrpcServerPanic", code: -6, status: 500, msg: "server panic" },
  { name: "WebrpcInternalError", code: -7, status: 500, msg: "internal error" },
  { name: "WebrpcClientAborted", code: -8, status: 400, msg: "request aborted by client" },
  { name: "WebrpcStreamLost", code: -9, status: 400, msg: "stream lost" },
  { name: "Unauthorized", code: 1000, status: 401, msg: "Unauthorized access" },
  { name: "PermissionDenied", code: 1001, status: 403, msg: "Permission denied" },
  { name: "SessionExpired", code: 1002, status: 403, msg: "Session expired" },
  { name: "MethodNotFound", code: 1003, status: 404, msg: "Method not found" },
  { name: "RequestConflict", code: 1004, status: 409, msg: "Conflict with target resource" },
  { name: "Aborted", code: 1005, status: 400, msg: "Request aborted" },
  { name: "Geoblocked", code: 1006, status: 451, msg: "Geoblocked region" },
  { name: "RateLimited", code: 1007, status: 429, msg: "Rate-limited. Please slow down." },
  { name: "ProjectNotFound", code: 1008, status: 401, msg: "Project not found" },
  { name: "AccessKeyNotFound", code: 1101, status: 401, msg: "Access key not found" },
  { name: "AccessKeyMismatch", code: 1102, status: 409, msg: "Access key mismatch" },
  { name: "InvalidOrigin", code: 1103, status: 403, msg: "Invalid origin for Access Key" },
  { name: "InvalidService", code: 1104, status: 403, msg: "Service not enabled for Access key" },
  { name: "UnauthorizedUser", code: 1105, status: 403, msg: "Unauthorized user" },
  { name: "QuotaExceeded", code: 1200, status: 429, msg: "Quota request exceeded" },
  { name: "QuotaRateLimit", code: 1201, status: 429, msg: "Quota rate limit exceeded" },
  { name: "NoDefaultKey", code: 1300, status: 403, msg: "No default access key found" },
  { name: "MaxAccessKeys", code: 1301, status: 403, msg: "Access keys limit reached" },
  { name: "AtLeastOneKey", code: 1302, status: 403, msg: "You need at least one Access Key" },
  { name: "Timeout", code: 1900, status: 408, msg: "Request timed out" },
  { name: "InvalidArgument", code: 2000, status: 400, msg: "Invalid argument" },
  { name: "Unexpected", code: 2001, status: 500, msg: "Unexpected server error" },
  { name: "Unavailable", code: 2002, status: 400, msg: "Unavailable resource" },
  { name: "QueryFailed", code: 2003, status: 400, msg: "Query failed" },
  { name: "IntentStatus", code: 2004, status: 422, msg: "Invalid intent status" },
  {
    name: "IntentsSkipped",
    code: 7000,
    status: 400,
    msg: "Intents skipped as client is attempting a transaction that does not require intents",
  },
  {
    name: "QuoteExpired",
    code: 7001,
    status: 400,
    msg: "Intent quote has expired. Please try again.",
  },
  {
    name: "HighPriceImpact",
    code: 7002,
    status: 422,
    msg: "Quote unavailable due to high price impact",
  },
  { name: "NotFound", code: 8000, status: 400, msg: "Resource not found" },
  { name: "UnsupportedNetwork", code: 8008, status: 422, msg: "Unsupported network" },
  { name: "ClientOutdated", code: 8009, status: 422, msg: "Client is outdated" },
  {
    name: "IntentsDisabled",
    code: 9000,
    status: 400,
    msg: "Intents service is currently unavailable",
  },
  {
    name: "ChainNodeHealth",
    code: 9001,
    status: 503,
    msg: "Intent quote is unavailable due to interrupted chain node access",
  },
];
