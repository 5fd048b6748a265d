/**
 * HTTP: the fetch-standard handler, `(Request) => Promise<Response>`. It puts the rooms together
 * in the order a request meets them (route, method and CORS preflight, injected fault, content
 * type, access key, rate limit, body, validation, operation) and turns any thrown error into a
 * webrpc answer. It imports no Node built-in: the Node listener is the `node` room's.
 */

export { markArrival } from "./arrival.js";
export { DEV_CHAINS_PATH } from "./dev-chains.js";
export { createDevHandler, type DevHandler } from "./handler.js";
