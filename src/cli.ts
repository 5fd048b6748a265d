#!/usr/bin/env node
/**
 * The `xchain-intents` command (see `cli/main.ts`):
 *
 * - `serve [options]`: runs the dev server until SIGINT or SIGTERM (see `cli/serve-args.ts`).
 * - `demo [options]`: walks one intent through the client (see `src/demo/`), against the embedded
 *   dev server unless a base URL is given.
 * - `--help`, `--version`, and `<command> --help`. Argument mistakes exit with 2, failures with 1.
 */
import { runCli } from "./cli/main.js";

// A reader that goes away (`xchain-intents demo | head`) closes the pipe: there is no one left to
// tell anything, so stop quietly instead of dying on an unhandled EPIPE.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code !== "EPIPE") throw e;
  process.exit(0);
});

const { stdout, stderr, env } = process;
const code = await runCli(process.argv.slice(2), { stdout, stderr, env });
if (code !== undefined) process.exitCode = code;
