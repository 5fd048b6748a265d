#!/usr/bin/env node
/**
 * The `xchain-intents` command. Sub-commands:
 *
 * - `serve [--port N] [--host H] [--string-bigints]`: runs the dev server and prints its URL and
 *   dev access key; SIGINT or SIGTERM closes it (open long polls and connections included) and
 *   exits with 0. Bad arguments exit with 1 and a message (see `devserver/config/serve-args.ts`).
 * - `demo [--base-url URL] [--access-key KEY]`: walks one intent through the client (see
 *   `src/demo/`), against the embedded dev server unless a base URL is given.
 */
import { runDemo } from "./demo/run.js";
import { parseServeArgs } from "./devserver/config/serve-args.js";
import { startDevServer } from "./devserver/index.js";

async function serve(args: readonly string[]): Promise<void> {
  const o = parseServeArgs(args);
  const srv = await startDevServer({
    port: o.port,
    host: o.host,
    bigintAs: o.stringBigints ? "string" : "number",
  });
  process.stdout.write(
    `xchain-intents dev server\n  url:        ${srv.url}/rpc/Service/\n  access key: ${srv.accessKey}\n`,
  );
  const stop = () => {
    srv.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

async function demo(args: readonly string[]): Promise<void> {
  const { stdout, stderr, env } = process;
  process.exitCode = await runDemo(args, { stdout, stderr, env });
}

const commands: Record<string, (args: readonly string[]) => Promise<void>> = { serve, demo };

// A reader that goes away (`xchain-intents demo | head`) closes the pipe: there is no one left to
// tell anything, so stop quietly instead of dying on an unhandled EPIPE.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code !== "EPIPE") throw e;
  process.exit(0);
});

const [name = "", ...rest] = process.argv.slice(2);
const command = commands[name];
if (command === undefined) {
  process.stderr.write(`usage: xchain-intents <${Object.keys(commands).join("|")}> [options]\n`);
  process.exitCode = 2;
} else {
  command(rest).catch((e: unknown) => {
    process.stderr.write(`xchain-intents ${name}: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
