/**
 * `xchain-intents/devserver`: the dev server, the whole service interface on loopback, for local
 * development and tests (Node). Its rooms are described in `devserver/index.ts`.
 *
 * @example
 * import { startDevServer, manualClock } from "xchain-intents/devserver";
 * const clock = manualClock();
 * const srv = await startDevServer({ port: 0, clock: clock.now });
 * // … point a client at srv.url with srv.accessKey, or use srv.fetch with no socket …
 * await srv.close();
 *
 * @packageDocumentation
 */

export * from "./devserver/index.js";
