/**
 * A dev server in a process of its own, started with the JSON options given as the first argument
 * (`startDevServer({ port: 0, host: "127.0.0.1", rateLimit: false, accessKeys: [SECRET], …})`),
 * printing `listening <url>` once ready and closing on SIGTERM. Used where the client's own load
 * must not share the server's event loop (long-poll timing).
 *
 *   node --import tsx test/kit/reliability/child-server.ts '{"longPollMs":3000}'
 */

import { startServer } from "../server.js";
import { SECRET } from "./secrets.js";

const options = JSON.parse(process.argv[2] ?? "{}") as Record<string, unknown>;
const srv = await startServer({
  port: 0,
  host: "127.0.0.1",
  rateLimit: false,
  accessKeys: [{ key: SECRET }],
  ...options,
});
process.stdout.write(`listening ${srv.url}\n`);
process.once("SIGTERM", () => {
  srv.close().then(() => process.exit(0));
});
