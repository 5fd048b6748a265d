/** `npm run spec:diff` as a command: text, JSON, git revisions, exit statuses. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BASE_FIXTURE, baseText, edit } from "../../kit/spec/helpers.js";

const TSX = path.resolve("node_modules/.bin/tsx");
const run = (...args: string[]) =>
  spawnSync(TSX, ["scripts/spec/cli-diff.ts", ...args], { encoding: "utf8" });

const dir = mkdtempSync(path.join(tmpdir(), "spec-diff-"));
const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};

describe("spec:diff command", () => {
  const breaking = write("breaking.ridl", edit(baseText(), [["  - fee: uint64\n", ""]]));

  it("prints each change and fails a breaking change without a version bump", () => {
    const r = run("--base", BASE_FIXTURE, "--head", breaking);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("BREAKING   field-removed-required QuoteResponse.fee uint64");
    expect(r.stdout).toContain("error: 1 change(s) break old clients");
    expect(r.stderr).toBe("");
  });

  it("writes the same as JSON", () => {
    const r = run("--base", BASE_FIXTURE, "--head", breaking, "--json");
    expect(r.status).toBe(1);
    const v = JSON.parse(r.stdout);
    expect(v.exitCode).toBe(1);
    expect(v.changes).toEqual([
      expect.objectContaining({
        kind: "field-removed-required",
        path: "QuoteResponse.fee",
        oldClient: "breaking",
        newClient: "none",
        source: true,
      }),
    ]);
  });

  it("passes when the breaking digit is raised", () => {
    const bumped = write(
      "bumped.ridl",
      edit(baseText(), [
        ["  - fee: uint64\n", ""],
        ["version = v0.3.1", "version = v0.4.0"],
      ]),
    );
    expect(run("--base", BASE_FIXTURE, "--head", bumped).status).toBe(0);
  });

  it("says what the baseline is when it lists changes against it (an untouched clone)", () => {
    const r = run();
    expect(r.status).toBe(0);
    const last = r.stdout.trim().split("\n").at(-1);
    if (r.stdout.startsWith("no schema changes")) expect(r.stdout).not.toContain("last released");
    else
      expect(last).toBe(
        '(schema/baseline/service.ridl is the schema as last released: the list is every change not released yet, those already on this branch before your edit included; CHANGELOG.md lists them under "Unreleased". Compare with your last commit instead: npm run spec:diff -- --base HEAD)',
      );
  });

  it("reads the base from a git revision", () => {
    const r = run("--base", "HEAD", "--head", "HEAD");
    expect(r.stdout).toBe("no schema changes against HEAD:schema/service.ridl\n");
    expect(r.status).toBe(0);
  });

  it("exits 2 for an unknown revision, and 1 with one diagnostic line for a broken schema", () => {
    const bad = run("--base", "no-such-revision-here");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(
      /^spec:diff: cannot read schema\/service\.ridl at no-such-revision-here: .*\n$/,
    );
    const broken = write("broken.ridl", edit(baseText(), [["  - fee: uint64", "  - fee: uint46"]]));
    const r = run("--base", BASE_FIXTURE, "--head", broken);
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("error:");
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("refuses the RIDL mistakes a newcomer makes, naming expected and found, with a position", () => {
    const cases: [string, string, string][] = [
      [
        "- Quote(QuoteRequest) =>",
        "- Quote(QuoteRequest =>",
        'expecting ":" after argument "QuoteRequest"',
      ],
      [
        "=> (QuoteResponse)",
        "=> QuoteResponse",
        'expecting "(" after "=>" to open the output list, found "QuoteResponse"',
      ],
      ["  - fee: uint64", "  - fee:", "expecting a type"],
      ["@retry:safe", "@retry:sometimes", '@retry takes "safe" or "unsafe", found "sometimes"'],
    ];
    for (const [from, to, said] of cases) {
      const text = baseText();
      expect(text, from).toContain(from);
      const file = write(
        `newcomer-${cases.findIndex((c) => c[0] === from)}.ridl`,
        text.replace(from, to),
      );
      const r = run("--base", BASE_FIXTURE, "--head", file);
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^${file.replaceAll(".", "\\.")}:\\d+:\\d+: error: `));
      expect(r.stderr).toContain(said);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stdout).toBe("");
    }
  });

  it("never hands git a revision that reads as an option, and names a missing file", () => {
    const r = run("--base", "--output=/tmp/x");
    expect(r.status).toBe(2);
    const opt = run("--head", "-p");
    expect(opt.status).toBe(2);
    expect(opt.stderr).toBe('spec:diff: not a git revision: "-p"\n');
    const missing = run("--base", "nope/none.ridl");
    expect(missing.stderr).toBe("spec:diff: nope/none.ridl: no such file\n");
    expect(missing.status).toBe(2);
  });

  it("refuses unknown arguments", () => {
    const r = run("--bse", "x");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("usage: spec:diff");
  });
});
