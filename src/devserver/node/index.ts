/**
 * Node: the adapter that serves the fetch-standard handler on a loopback port with `node:http`
 * (connection limits, idle sockets, the process's file-descriptor limit), and `startDevServer`,
 * which starts the chains, opens the state and wraps both with a socket-less `fetch`.
 */
export type { ConnectionLimits } from "./connection-limits.js";
export { type DevServer, startDevServer } from "./server.js";
