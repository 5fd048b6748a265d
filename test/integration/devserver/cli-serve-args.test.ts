import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseServeArgs, SERVE_DEFAULTS, SERVE_USAGE } from "../../../src/cli/serve-args.js";
import { isUsageError } from "../../../src/internal/command/usage-error.js";
import { repoPath } from "../../kit/runtimes/harness.js";

/** The `UsageError` message `parseServeArgs` throws for `args` (fails when it does not throw one). */
function mistakeOf(args: string[], env: Record<string, string> = {}): string {
  try {
    parseServeArgs(args, env);
  } catch (e) {
    expect(isUsageError(e), String(e)).toBe(true);
    return (e as Error).message;
  }
  throw new Error(`no mistake found in ${JSON.stringify(args)}`);
}

describe("parseServeArgs", () => {
  it("applies the defaults to no arguments", () => {
    expect(parseServeArgs([])).toEqual({
      port: 8787,
      host: "127.0.0.1",
      stringBigints: false,
      accessKey: undefined,
      accessKeyFrom: undefined,
      seed: undefined,
      faults: false,
      state: undefined,
      repair: false,
      stageMs: 1000,
      faultRules: [],
      chains: "auto",
      rpc: {},
      chainPorts: {},
      freeChainPorts: false,
      corsOrigins: [],
      help: false,
      version: false,
    });
    expect(parseServeArgs([])).toEqual(SERVE_DEFAULTS);
  });

  it("reads every option, as `--name value` or `--name=value`", () => {
    expect(
      parseServeArgs([
        "--port",
        "0",
        "--host",
        "::1",
        "--string-bigints",
        "--access-key",
        "dev_fixed",
        "--seed",
        "s1",
        "--faults",
        "--state",
        "dev.state",
      ]),
    ).toEqual({
      ...SERVE_DEFAULTS,
      port: 0,
      host: "::1",
      stringBigints: true,
      accessKey: "dev_fixed",
      accessKeyFrom: "option",
      seed: "s1",
      faults: true,
      state: "dev.state",
    });
    expect(
      parseServeArgs(["--port=65535", "--host=0.0.0.0", "--state=./a=b", "--seed=x=y"]),
    ).toEqual({ ...SERVE_DEFAULTS, port: 65535, host: "0.0.0.0", state: "./a=b", seed: "x=y" });
  });

  it("takes the key from the environment, and an argument over it", () => {
    const env = { XCHAIN_INTENTS_ACCESS_KEY: "from_env" };
    expect(parseServeArgs([], env)).toMatchObject({
      accessKey: "from_env",
      accessKeyFrom: "environment",
    });
    expect(parseServeArgs(["--access-key=from_arg"], env)).toMatchObject({
      accessKey: "from_arg",
      accessKeyFrom: "option",
    });
    expect(parseServeArgs([], { XCHAIN_INTENTS_ACCESS_KEY: "" }).accessKey).toBeUndefined();
  });

  it("refuses a key an X-Access-Key header cannot carry unchanged", () => {
    for (const key of ["has space", "tab\there", "é", "x".repeat(257), ""]) {
      expect(mistakeOf(["--access-key", key]), key).toMatch(
        /^--access-key (must be 1 to 256 printable ASCII characters with no space|needs a value)$/,
      );
    }
    expect(mistakeOf([], { XCHAIN_INTENTS_ACCESS_KEY: "a b" })).toBe(
      "XCHAIN_INTENTS_ACCESS_KEY must be 1 to 256 printable ASCII characters with no space",
    );
  });

  it("refuses a port that is not plain decimal digits from 0 to 65535", () => {
    for (const port of ["65536", "-1", "", "0x50", "1e3", "80.5", " 80", "http"]) {
      expect(mistakeOf([`--port=${port}`]), port).toBe(
        `--port must be a whole number from 0 to 65535, not ${JSON.stringify(port)}`,
      );
    }
    expect(mistakeOf(["--port", "-1"])).toBe(
      '--port must be a whole number from 0 to 65535, not "-1"',
    );
  });

  it("names an option whose value is missing or empty, and a flag given a value", () => {
    expect(mistakeOf(["--port"])).toBe("--port needs a value");
    expect(mistakeOf(["--host", "--port", "1"])).toBe("--host needs a value");
    expect(mistakeOf(["--state", "-h"])).toBe("--state needs a value");
    expect(mistakeOf(["--host="])).toBe("--host must not be empty");
    expect(mistakeOf(["--state="])).toBe("--state must not be empty");
    expect(mistakeOf(["--seed="])).toBe("--seed must not be empty");
    expect(mistakeOf(["--string-bigints=yes"])).toBe("--string-bigints takes no value");
    expect(mistakeOf(["--faults=1"])).toBe("--faults takes no value");
  });

  it("names an unknown option or argument", () => {
    expect(mistakeOf(["--verbose"])).toBe('unknown option "--verbose"');
    expect(mistakeOf(["--verbose=1"])).toBe('unknown option "--verbose"');
    expect(mistakeOf(["-p", "1"])).toBe('unknown option "-p"');
    expect(mistakeOf(["8080"])).toBe('unknown argument "8080"');
    // Read by parseArgs, which splits these up: each is still one argument serve does not know.
    expect(mistakeOf(["-hV"])).toBe('unknown option "-hV"');
    expect(mistakeOf(["-h=1"])).toBe('unknown option "-h=1"');
    expect(mistakeOf(["--", "--port", "1"])).toBe('unknown option "--"');
    expect(mistakeOf(["--=1"])).toBe('unknown option "--"');
  });

  it("reads --min-client-version as a version", () => {
    expect(parseServeArgs(["--min-client-version", "v0.2.0"]).minClientVersion).toBe("v0.2.0");
    expect(parseServeArgs(["--min-client-version=1.0.0"]).minClientVersion).toBe("1.0.0");
    expect(mistakeOf(["--min-client-version", "latest"])).toBe(
      '--min-client-version needs a version such as v1.2.0, not "latest"',
    );
  });

  it("reads --confirmations as a whole number of blocks from 1 to 1000", () => {
    expect(parseServeArgs([]).confirmations).toBeUndefined();
    expect(parseServeArgs(["--confirmations", "3"]).confirmations).toBe(3);
    expect(parseServeArgs(["--confirmations=1000"]).confirmations).toBe(1000);
    for (const bad of ["0", "1001", "1.5", "-1", "x", ""])
      expect(() => parseServeArgs([`--confirmations=${bad}`])).toThrow(
        /--confirmations must be a whole number of blocks from 1 to 1000/,
      );
  });

  it("reads --help and --version, and its usage lists every option it reads", () => {
    expect(parseServeArgs(["-h"]).help).toBe(true);
    expect(parseServeArgs(["--port", "1", "--help"]).help).toBe(true);
    expect(parseServeArgs(["-V"]).version).toBe(true);
    expect(parseServeArgs(["--version"]).version).toBe(true);
    const listed = [...SERVE_USAGE.matchAll(/^ {2}(?:-\w, )?(--[a-z-]+)/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual(
      [
        "--port",
        "--host",
        "--access-key",
        "--state",
        "--seed",
        "--faults",
        "--min-client-version",
        "--string-bigints",
        "--stage-ms",
        "--confirmations",
        "--fault",
        "--rpc",
        "--chain-port",
        "--free-chain-ports",
        "--simulated",
        "--cors-origin",
        "--repair",
        "--help",
        "--version",
      ].sort(),
    );
  });

  it("docs/dev-server.md's options table lists exactly the options of --help", () => {
    const doc = readFileSync(repoPath("docs/dev-server.md"), "utf8");
    const table = doc.slice(
      doc.indexOf("| option "),
      doc.indexOf("The argument wins over the variable"),
    );
    const documented = [...table.matchAll(/^\| `(?:-\w`, `)?(--[a-z-]+)/gm)].map((m) => m[1]);
    const listed = [...SERVE_USAGE.matchAll(/^ {2}(?:-\w, )?(--[a-z-]+)/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(listed.sort());
  });

  it("reads --chain-port ID=PORT (repeatable) and refuses a malformed one", () => {
    expect(parseServeArgs([]).chainPorts).toEqual({});
    expect(
      parseServeArgs(["--chain-port", "42161=8545", "--chain-port=8453=8546"]).chainPorts,
    ).toEqual({ 42161: 8545, 8453: 8546 });
    for (const bad of ["8545", "42161=0", "42161=65536", "x=1"])
      expect(mistakeOf(["--chain-port", bad])).toMatch(
        /^--chain-port must be CHAIN_ID=PORT with a port from 1 to 65535 \(e\.g\. 42161=8545\), not /,
      );
  });

  it("reads --free-chain-ports", () => {
    expect(parseServeArgs(["--free-chain-ports"]).freeChainPorts).toBe(true);
    expect(mistakeOf(["--free-chain-ports=yes"])).toMatch(/free-chain-ports/);
  });

  it("reads --cors-origin (repeatable) and refuses what is not an origin", () => {
    expect(parseServeArgs([]).corsOrigins).toEqual([]);
    expect(
      parseServeArgs(["--cors-origin", "http://localhost:5173", "--cors-origin=null"]).corsOrigins,
    ).toEqual(["http://localhost:5173", "null"]);
    for (const bad of ["localhost:5173", "http://localhost:5173/", "https://a.example/app", "*"])
      expect(mistakeOf(["--cors-origin", bad])).toMatch(
        /^--cors-origin needs an origin such as http:\/\/localhost:5173 \(scheme, host, port; no path or trailing slash\), not /,
      );
  });

  it("reads --rpc ID=URL (repeatable) and --simulated, and refuses a malformed --rpc", () => {
    const o = parseServeArgs([
      "--rpc",
      "42161=http://127.0.0.1:8545",
      "--rpc=8453=https://base.example/rpc",
      "--simulated",
    ]);
    expect(o.rpc).toEqual({ 42161: "http://127.0.0.1:8545", 8453: "https://base.example/rpc" });
    expect(o.chains).toBe(false);
    expect(SERVE_DEFAULTS.rpc).toEqual({});
    for (const bad of ["42161", "arb=http://x", "42161=ftp://x", "=http://x", "42161=http://a b"])
      expect(() => parseServeArgs(["--rpc", bad]), bad).toThrow(/--rpc must be CHAIN_ID=URL/);
  });
});

describe("serve --repair", () => {
  it("is read with --state, and refused without it", () => {
    expect(parseServeArgs(["--state", "s.jsonl", "--repair"])).toMatchObject({
      state: "s.jsonl",
      repair: true,
    });
    expect(parseServeArgs(["--state", "s.jsonl"]).repair).toBe(false);
    expect(mistakeOf(["--repair"])).toBe("--repair needs --state FILE (the state file to repair)");
    expect(mistakeOf(["--state", "s.jsonl", "--repair=yes"])).toBe("--repair takes no value");
  });
});
