/**
 * The scripts' argument mistakes (`npm run ridl`, `spec:changelog`, `generate`, `docs`), read by
 * `node:util` `parseArgs`: the usage on stderr and exit 2, before any work is done.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const TSX = path.resolve("node_modules/.bin/tsx");
const run = (script: string, ...args: string[]) =>
  spawnSync(TSX, [script, ...args], { encoding: "utf8" });

describe("script arguments", () => {
  it("ridl: prints its usage and exits 2 for an unknown option, `--`, or no file", () => {
    for (const args of [["--nope", "schema/service.ridl"], ["--", "schema/service.ridl"], []]) {
      const r = run("scripts/ridl/cli.ts", ...args);
      expect(r.stderr, args.join(" ")).toBe("usage: ridl [--gen] FILE.ridl\n");
      expect(r.status, args.join(" ")).toBe(2);
    }
  });

  it("spec:changelog: refuses an unknown argument instead of writing the changelog", () => {
    const r = run("scripts/spec/cli-changelog.ts", "--chek");
    expect(r.stderr).toBe(
      'spec:changelog: unexpected argument "--chek"\nusage: spec:changelog [--check]\n',
    );
    expect(r.status).toBe(2);
  });

  it("generate: refuses an unknown argument, --root without a directory, and --check with --watch", () => {
    const usage = "usage: generate [--check | --watch] [--root DIR]\n";
    const unknown = run("scripts/generate.ts", "--chek");
    expect(unknown.stderr).toBe(`generate: unexpected argument "--chek"\n${usage}`);
    expect(unknown.status).toBe(2);
    const missing = run("scripts/generate.ts", "--check", "--root");
    expect(missing.stderr).toBe(`generate: --root needs a value\n${usage}`);
    expect(missing.status).toBe(2);
    const both = run("scripts/generate.ts", "--check", "--watch");
    expect(both.stderr).toBe(`generate: --check and --watch exclude each other\n${usage}`);
    expect(both.status).toBe(2);
  });

  it("docs: refuses an unknown argument, and --check still checks", () => {
    const r = run("scripts/docs.ts", "--chek");
    expect(r.stderr).toBe('docs: unexpected argument "--chek"\nusage: docs [--check]\n');
    expect(r.status).toBe(2);
    expect(run("scripts/docs.ts", "--check").status).toBe(0);
  });
});
