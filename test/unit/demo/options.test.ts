/**
 * The demo's arguments (`parseDemoArgs`, read by `node:util` `parseArgs`): each mistake is a
 * `UsageError` naming the argument, which the command prints with a pointer to `--help` (exit 2).
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_OWNER, parseDemoArgs } from "../../../src/demo/options.js";
import { isUsageError } from "../../../src/internal/command/usage-error.js";

function mistakeOf(args: string[]): string {
  try {
    parseDemoArgs(args);
  } catch (e) {
    if (isUsageError(e)) return e.message;
    throw e;
  }
  throw new Error(`no mistake in ${JSON.stringify(args)}`);
}

describe("demo arguments", () => {
  it("reads every option, as `--name value` or `--name=value`, and the variables under them", () => {
    const env = { XCHAIN_INTENTS_BASE_URL: "http://env", XCHAIN_INTENTS_ACCESS_KEY: "envkey" };
    expect(parseDemoArgs([], env)).toMatchObject({
      baseUrl: "http://env",
      accessKey: "envkey",
      owner: DEFAULT_OWNER,
      ownerGiven: false,
      chains: true,
      stageMs: 200,
      live: undefined,
    });
    const args = ["--base-url=http://x:1//", "--access-key", "k", "--owner", "0xabc"];
    expect(
      parseDemoArgs([...args, "--simulated", "--stage-ms=0", "--plain", "-h", "-V"], env),
    ).toEqual({
      baseUrl: "http://x:1",
      accessKey: "k",
      owner: "0xabc",
      ownerGiven: true,
      chains: false,
      stageMs: 0,
      live: false,
      help: true,
      version: true,
    });
    expect(parseDemoArgs(["--live"]).live).toBe(true);
  });

  it("names an unknown option or argument", () => {
    expect(mistakeOf(["--verbose"])).toBe('unknown option "--verbose"');
    expect(mistakeOf(["--verbose=1"])).toBe('unknown option "--verbose"');
    expect(mistakeOf(["-x"])).toBe('unknown option "-x"');
    expect(mistakeOf(["-hV"])).toBe('unknown option "-hV"');
    expect(mistakeOf(["--"])).toBe('unknown option "--"');
    expect(mistakeOf(["http://x"])).toBe('unknown argument "http://x"');
  });

  it("names an option whose value is missing or empty", () => {
    expect(mistakeOf(["--base-url"])).toBe("--base-url needs a value");
    expect(mistakeOf(["--owner="])).toBe("--owner needs a value");
    expect(mistakeOf(["--access-key", ""])).toBe("--access-key needs a value");
  });

  it("refuses a stage time that is not a whole number of milliseconds >= 0", () => {
    for (const bad of ["-1", "1.5", "abc", "1e400"])
      expect(mistakeOf(["--stage-ms", bad]), bad).toBe("--stage-ms must be a whole number >= 0");
  });
});
