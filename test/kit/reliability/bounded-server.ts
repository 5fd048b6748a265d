import { startServer } from "../server.js";

/**
 * A dev server in a child process, for tests that measure it from outside: started with the
 * options in the `DEV_OPTIONS` environment variable (JSON), it sends `{ url, accessKey }` to its
 * parent when listening, answers each "memory" message with its `process.memoryUsage()` and each
 * "stats" message with the server's counters, and exits on "close" (see `bounded-child.ts`).
 */

const options = JSON.parse(process.env.DEV_OPTIONS ?? "{}") as Record<string, unknown>;
const srv = await startServer({ ...options, port: 0 });
process.on("message", (m) => {
  if (m === "memory") process.send?.({ memory: process.memoryUsage() });
  if (m === "stats") process.send?.({ stats: srv.stats() });
  if (m === "close") void srv.close().then(() => process.exit(0));
});
process.send?.({ url: srv.url, accessKey: srv.accessKey });
