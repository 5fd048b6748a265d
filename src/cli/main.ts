/**
 * The `xchain-intents` command line: `<command> [options]`, `--help` and `--version` at the top and
 * for each command (`help <command>` too). A mistake in the arguments prints a message and a
 * pointer to `--help` on stderr and exits with 2; a failure once running exits with 1.
 */

import { runDemo } from "../demo/run.js";
import type { CliIO } from "../internal/command/io.js";
import { isUsageError, USAGE_EXIT } from "../internal/command/usage-error.js";
import { packageVersion } from "../internal/command/version.js";
import { runServe } from "./serve.js";

/**
 * A command: resolves with its exit code, or with `undefined` when it keeps running (a server
 * that exits on a signal).
 */
type Command = (args: readonly string[], io: CliIO) => Promise<number | undefined>;

const COMMANDS: Record<string, { summary: string; run: Command }> = {
  serve: { summary: "run the dev server on a port", run: runServe },
  demo: { summary: "walk one intent through the client", run: runDemo },
};

/** The usage text of `xchain-intents`. */
export const MAIN_USAGE = `usage: xchain-intents <command> [options]

commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(8)}${c.summary}`)
  .join("\n")}

options:
  -h, --help      show this text (xchain-intents <command> --help: the command's options)
  -V, --version   show the version
`;

function mistake(io: CliIO, where: string, message: string): number {
  io.stderr.write(`${where}: ${message}\nRun "${where} --help" for usage.\n`);
  return USAGE_EXIT;
}

/**
 * Runs the command line `args` (without `node` and the script).
 *
 * @example
 * const code = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
 */
export async function runCli(args: readonly string[], io: CliIO): Promise<number | undefined> {
  const [first, ...rest] = args;
  if (first === undefined) {
    io.stderr.write(MAIN_USAGE);
    return USAGE_EXIT;
  }
  if (first === "--help" || first === "-h" || (first === "help" && rest.length === 0)) {
    io.stdout.write(MAIN_USAGE);
    return 0;
  }
  if (first === "--version" || first === "-V") {
    io.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  if (first === "help") return runCli([rest[0] as string, "--help", ...rest.slice(1)], io);
  const command = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
  if (command === undefined) {
    const what = first.startsWith("-") ? "option" : "command";
    const names = Object.keys(COMMANDS).join(", ");
    return mistake(
      io,
      "xchain-intents",
      `unknown ${what} ${JSON.stringify(first)} (commands: ${names})`,
    );
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    const where = `xchain-intents ${first}`;
    if (isUsageError(e)) return mistake(io, where, e.message);
    io.stderr.write(`${where}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
