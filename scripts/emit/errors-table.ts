/**
 * The error table every emitter uses: webrpc's built-in transport errors (which RIDL reserves and
 * so cannot declare) followed by the schema's own errors, in schema order.
 */
import type { Schema, SchemaError } from "../ridl/schema.js";

/** webrpc's built-in errors, as the interface lists them (code, name, message, HTTP status). */
export const WEBRPC_ERRORS: readonly SchemaError[] = [
  { code: 0, name: "WebrpcEndpoint", message: "endpoint error", httpStatus: 400 },
  { code: -1, name: "WebrpcRequestFailed", message: "request failed", httpStatus: 400 },
  { code: -2, name: "WebrpcBadRoute", message: "bad route", httpStatus: 404 },
  { code: -3, name: "WebrpcBadMethod", message: "bad method", httpStatus: 405 },
  { code: -4, name: "WebrpcBadRequest", message: "bad request", httpStatus: 400 },
  { code: -5, name: "WebrpcBadResponse", message: "bad response", httpStatus: 500 },
  { code: -6, name: "WebrpcServerPanic", message: "server panic", httpStatus: 500 },
  { code: -7, name: "WebrpcInternalError", message: "internal error", httpStatus: 500 },
  { code: -8, name: "WebrpcClientAborted", message: "request aborted by client", httpStatus: 400 },
  { code: -9, name: "WebrpcStreamLost", message: "stream lost", httpStatus: 400 },
];

/** Built-in errors first, then the schema's; codes and names are unique across both. */
export function allErrors(schema: Schema): SchemaError[] {
  const all = [...WEBRPC_ERRORS, ...schema.errors];
  const codes = new Set<number>();
  for (const e of all) {
    if (codes.has(e.code)) throw new Error(`error code ${e.code} (${e.name}) is declared twice`);
    codes.add(e.code);
  }
  return all;
}
