/**
 * The command line's help, version and mistakes, through `runCli` with captured output: every
 * command answers `--help` and `--version` on stdout with 0, and every mistake in the arguments
 * gets one message on stderr, a pointer to `--help`, and exit code 2.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MAIN_USAGE, runCli } from "../../../src/cli/main.js";
import { SERVE_USAGE } from "../../../src/cli/serve-args.js";
import { DEMO_USAGE } from "../../../src/demo/options.js";
import { repoPath } from "../../kit/runtimes/harness.js";

const VERSION = (
  JSON.parse(readFileSync(repoPath("package.json"), "utf8")) as {
    version: string;
  }
).version;

async function run(
  args: string[],
): Promise<{ code: number | undefined; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(args, {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    env: {},
  });
  return { code, out, err };
}

describe("xchain-intents --help and --version", () => {
  it("prints the main usage for --help, -h and help, listing every command", async () => {
    for (const args of [["--help"], ["-h"], ["help"]]) {
      expect(await run(args), args.join(" ")).toEqual({ code: 0, out: MAIN_USAGE, err: "" });
    }
    expect(MAIN_USAGE).toMatch(/^ {2}serve {3}/m);
    expect(MAIN_USAGE).toMatch(/^ {2}demo {4}/m);
  });

  it("prints each command's usage for `<command> --help` and `help <command>`", async () => {
    for (const [name, usage] of [
      ["serve", SERVE_USAGE],
      ["demo", DEMO_USAGE],
    ] as const) {
      for (const args of [
        [name, "--help"],
        [name, "-h"],
        ["help", name],
      ]) {
        expect(await run(args), args.join(" ")).toEqual({ code: 0, out: usage, err: "" });
      }
    }
  });

  it("prints the package version for --version and -V, at the top and for each command", async () => {
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
    for (const args of [["--version"], ["-V"], ["serve", "--version"], ["demo", "-V"]]) {
      expect(await run(args), args.join(" ")).toEqual({ code: 0, out: `${VERSION}\n`, err: "" });
    }
  });
});

describe("xchain-intents argument mistakes", () => {
  it("prints the main usage on stderr and exits 2 with no command", async () => {
    expect(await run([])).toEqual({ code: 2, out: "", err: MAIN_USAGE });
  });

  it("answers every mistake with one message, a pointer to --help, and exit code 2", async () => {
    const cases: [string[], string][] = [
      [["srve"], 'xchain-intents: unknown command "srve" (commands: serve, demo)'],
      [["--port", "1"], 'xchain-intents: unknown option "--port" (commands: serve, demo)'],
      [["help", "nope"], 'xchain-intents: unknown command "nope" (commands: serve, demo)'],
      [["toString"], 'xchain-intents: unknown command "toString" (commands: serve, demo)'],
      [["serve", "--verbose"], 'xchain-intents serve: unknown option "--verbose"'],
      [["serve", "8080"], 'xchain-intents serve: unknown argument "8080"'],
      [["serve", "--port"], "xchain-intents serve: --port needs a value"],
      [
        ["serve", "--port", "http"],
        'xchain-intents serve: --port must be a whole number from 0 to 65535, not "http"',
      ],
      [["serve", "--faults=yes"], "xchain-intents serve: --faults takes no value"],
      [["demo", "--verbose"], 'xchain-intents demo: unknown option "--verbose"'],
      [["demo", "extra"], 'xchain-intents demo: unknown argument "extra"'],
      [["demo", "--stage-ms", "-5"], "xchain-intents demo: --stage-ms must be a whole number >= 0"],
    ];
    for (const [args, message] of cases) {
      const where = message.slice(0, message.indexOf(":"));
      expect(await run(args), args.join(" ")).toEqual({
        code: 2,
        out: "",
        err: `${message}\nRun "${where} --help" for usage.\n`,
      });
    }
  });
});
