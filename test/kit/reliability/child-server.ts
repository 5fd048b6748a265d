/**
 * A dev server in a process of its own, started with the JSON options given as the first argument
 * (`startService`: the reliability suites' server, on loopback, that accepts `SECRET`),
 * printing `listening <url>` once ready and closing on SIGTERM. Used where the client's own load
 * must not share the server's event loop (long-poll timing).
 *
 *   node --import tsx test/kit/reliability/child-server.ts '{"longPollMs":3000}'
 */

import { startService } from "./service.js";

const options = JSON.parse(process.argv[2] ?? "{}") as Record<string, unknown>;
const srv = await startService(options);
process.stdout.write(`listening ${srv.url}\n`);
process.once("SIGTERM", () => {
  srv.close().then(() => process.exit(0));
});
