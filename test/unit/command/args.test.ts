/**
 * `readArgs`: the arguments of every command and script as `node:util` `parseArgs` reads them,
 * one item per argument, the mistakes left for each command to word.
 */
import { describe, expect, it } from "vitest";
import { type ArgOptions, readArgs, readCheckArg } from "../../../src/internal/command/args.js";

const OPTIONS: ArgOptions = {
  port: { type: "string" },
  faults: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "V" },
};

describe("readArgs", () => {
  it("reads `--name value`, `--name=value`, flags and short flags, in order", () => {
    expect(readArgs(["--port", "80", "--port=81", "--faults", "-h"], OPTIONS)).toEqual([
      { kind: "option", key: "port", name: "--port", arg: "--port", value: "80", inline: false },
      { kind: "option", key: "port", name: "--port", arg: "--port=81", value: "81", inline: true },
      {
        kind: "option",
        key: "faults",
        name: "--faults",
        arg: "--faults",
        value: undefined,
        inline: false,
      },
      { kind: "option", key: "help", name: "-h", arg: "-h", value: undefined, inline: false },
    ]);
  });

  it("takes the next argument as a value whatever it looks like, and none at the end", () => {
    expect(readArgs(["--port", "--faults"], OPTIONS)).toMatchObject([
      { kind: "option", key: "port", value: "--faults", inline: false },
    ]);
    expect(readArgs(["--port"], OPTIONS)).toMatchObject([
      { kind: "option", key: "port", value: undefined },
    ]);
    expect(readArgs(["--port="], OPTIONS)).toMatchObject([{ value: "", inline: true }]);
  });

  it("keeps a value given to a flag, for the command to refuse", () => {
    expect(readArgs(["--faults=1"], OPTIONS)).toMatchObject([
      { kind: "option", key: "faults", value: "1", inline: true },
    ]);
  });

  it("names an unknown option by its part before `=`, and keeps the argument", () => {
    expect(readArgs(["--nope=1", "-x", "---x", "--=x"], OPTIONS)).toEqual([
      { kind: "unknown", arg: "--nope=1", name: "--nope" },
      { kind: "unknown", arg: "-x", name: "-x" },
      { kind: "unknown", arg: "---x", name: "---x" },
      { kind: "unknown", arg: "--=x", name: "--" },
    ]);
  });

  it("says a group of short flags, or a short flag with `=`, once, as one unknown argument", () => {
    expect(readArgs(["-hV", "-h=1"], OPTIONS)).toEqual([
      { kind: "unknown", arg: "-hV", name: "-hV" },
      { kind: "unknown", arg: "-h=1", name: "-h=1" },
    ]);
  });

  it("reads `--` as unknown and what follows as positionals, `-` as a positional", () => {
    expect(readArgs(["a.ridl", "-", "--", "--port"], OPTIONS)).toEqual([
      { kind: "positional", arg: "a.ridl" },
      { kind: "positional", arg: "-" },
      { kind: "unknown", arg: "--", name: "--" },
      { kind: "positional", arg: "--port" },
    ]);
  });

  it("reads no argument as nothing", () => {
    expect(readArgs([], OPTIONS)).toEqual([]);
  });

  it("readCheckArg: `--check` or nothing; anything else is the argument refused", () => {
    expect(readCheckArg([])).toEqual({ check: false });
    expect(readCheckArg(["--check"])).toEqual({ check: true });
    expect(readCheckArg(["--chek"])).toEqual({ unexpected: "--chek" });
    expect(readCheckArg(["--check=1"])).toEqual({ unexpected: "--check=1" });
    expect(readCheckArg(["--check", "x"])).toEqual({ unexpected: "x" });
  });
});
