/**
 * The one way tests start a dev server in process: `startServer` (the dev server's own
 * `startDevServer`, with its own defaults), here so that every tier starts it the same way and a
 * change of how tests start servers is made once. What suites share is options, not starters:
 * `QUICK_SERVER` (no rate limit, short receipt stages). The areas' set-ups only add what they
 * pass or return around it (a manual clock: `devserver/helpers.ts` `start`; a client, and chains:
 * `wallet/setup.ts` `service`; the reliability key: `reliability/service.ts` `startService`). A
 * `serve` child process: `reliability/serve-child.ts` `startServeChild`, the one child starter.
 * Local chains: `startServer({ chains: true })`.
 * The docs' recipes call `startDevServer` themselves, as a user's test does.
 */
import { type DevServer, type StartOptions, startDevServer } from "../../src/devserver/index.js";

/**
 * Options of a server that several clients drive fast: no rate limit (their calls all come from
 * loopback), receipt stages of 20 ms (an intent settles in well under a second).
 */
export const QUICK_SERVER: StartOptions = { rateLimit: false, durations: { stageMs: 20 } };

/** Starts a dev server in this process (loopback, a free port unless `options.port`). */
export function startServer(options: StartOptions = {}): Promise<DevServer> {
  return startDevServer(options);
}
