#!/usr/bin/env node
/**
 * The `xchain-intents` command. Sub-commands:
 *
 * - `serve [--port N] [--host H] [--string-bigints]`: runs the dev server until SIGINT/SIGTERM and
 *   prints its URL and dev access key.
 * - `demo [--base-url URL] [--access-key KEY]`: walks one intent through the client (see
 *   `src/demo/`), against the embedded dev server unless a base URL is given.
 */
import { runDemo } from "./demo/run.js";
import { startDevServer } from "./devserver/index.js";

/** Options of `serve`, read from its arguments. */
export interface ServeArgs {
  port: number;
  host: string;
  stringBigints: boolean;
}

/** Reads the arguments of `serve`; throws on an unknown or malformed one. */
export function parseServeArgs(args: readonly string[]): ServeArgs {
  const out: ServeArgs = { port: 8787, host: "127.0.0.1", stringBigints: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--port") out.port = Number(args[++i]);
    else if (a === "--host") out.host = String(args[++i]);
    else if (a === "--string-bigints") out.stringBigints = true;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!Number.isInteger(out.port) || out.port < 0 || out.port > 65535)
    throw new Error("--port must be 0 to 65535");
  return out;
}

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
