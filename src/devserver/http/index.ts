/**
 * HTTP: the edge of the dev server. The web-standard handler, `(Request) => Promise<Response>`,
 * puts the rooms together in the order a request meets them (route, method and CORS preflight,
 * injected fault, content type, access key, rate limit, body, validation, operation) and turns any
 * thrown error into a webrpc answer; the Node listener serves that handler on a loopback port, and
 * `startDevServer` wraps both with a socket-less `fetch`.
 */
export type { ConnectionLimits } from "./connection-limits.js";
export { DEV_CHAINS_PATH } from "./dev-chains.js";
export { createDevHandler, type DevHandler } from "./handler.js";
export { type FetchHandler, listen } from "./listener.js";
export { type DevServer, startDevServer } from "./server.js";
