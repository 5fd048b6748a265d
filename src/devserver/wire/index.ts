/**
 * Wire: the webrpc protocol as the dev server speaks it, with no Node built-in. Which operation a
 * path routes to, reading a request body within its byte limit, decoding it with the lossless
 * codec and checking it against the generated validators (a bad request becomes `InvalidArgument`
 * naming the field), and the shape of every answer: JSON bodies, webrpc error bodies, the `Date`
 * header from the server's clock and the CORS headers browsers need.
 */
export { bigintWireOf } from "./bigint-wire.js";
export { requestText, TOO_LARGE } from "./body.js";
export { decodeRequest } from "./decode-request.js";
export { operationAt, type RoutedOperation } from "./operation-routes.js";
export {
  baseHeaders,
  errorBody,
  errorResponse,
  jsonResponse,
  preflightResponse,
  tooLargeResponse,
} from "./protocol.js";
export { checkRequestHeaders } from "./request-headers.js";
