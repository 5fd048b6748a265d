import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  parseRidl,
  RidlError,
  schemaToJson,
  withGenDefaults,
} from "../../../scripts/ridl/index.js";

const ROOT = path.resolve("test/fixtures/ridl");
const TSX = path.resolve("node_modules/.bin/tsx");
const CLI = path.resolve("scripts/ridl/cli.ts");

/**
 * The probe sets. Each is run from its own folder (paths in messages are relative to it), and an
 * `.err` is compared whole: webrpc's full message, stack trace included.
 */
const SETS = [
  { name: "set 1", root: ROOT, skip: new Set(["set2", "set3", "deliberate"]), min: 62 },
  { name: "set 2", root: path.join(ROOT, "set2"), skip: new Set<string>(), min: 97 },
  { name: "set 3", root: path.join(ROOT, "set3"), skip: new Set<string>(), min: 54 },
  // Our own outputs where we differ from webrpc on purpose (see the README there).
  { name: "deliberate", root: path.join(ROOT, "deliberate"), skip: new Set<string>(), min: 6 },
];

/** Probes where we differ from webrpc on purpose (listed in scripts/ridl/README.md). */
const DELIBERATE: Readonly<Record<string, { webrpcPrefix: string; ours: string }>> = {
  "set 1/ty2": {
    webrpcPrefix: "panic: runtime error: invalid memory address or nil pointer dereference",
    ours: 'struct "U": unknown type of field "a": map<U,string>',
  },
};

function probes(root: string, dir: string, skip: ReadonlySet<string>): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    const rel = path.relative(root, full).split(path.sep).join("/");
    if (e.isDirectory()) return skip.has(rel) ? [] : probes(root, full, skip);
    return e.name.endsWith(".ridl") ? [rel] : [];
  });
}

/** Reads imports from the set's folder, as bytes; paths in messages stay relative to it. */
const fixtureReader =
  (root: string) =>
  (absPath: string): Uint8Array =>
    readFileSync(path.join(root, path.relative(process.cwd(), absPath)));

const sibling = (root: string, probe: string, ext: string): string | undefined => {
  const file = path.join(root, probe.replace(/\.ridl$/, ext));
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
};

function run(root: string, probe: string): { json: string; gen: string } | { error: string } {
  try {
    const read = fixtureReader(root);
    const schema = parseRidl(readFileSync(path.join(root, probe)), probe, read);
    return { json: schemaToJson(schema), gen: schemaToJson(withGenDefaults(schema)) };
  } catch (err) {
    if (err instanceof RidlError) return { error: err.message };
    throw err;
  }
}

for (const set of SETS) {
  const all = probes(set.root, set.root, set.skip).sort();

  describe(`webrpc conformance probes, ${set.name}`, () => {
    it("finds the probes", () => {
      expect(all.length).toBeGreaterThanOrEqual(set.min);
    });

    for (const probe of all) {
      const name = probe.replace(/\.ridl$/, "");
      const json = sibling(set.root, probe, ".json");
      const gen = sibling(set.root, probe, ".gen.json");
      const err = sibling(set.root, probe, ".err");
      it(name, () => {
        const result = run(set.root, probe);
        const deliberate = DELIBERATE[`${set.name}/${name}`];
        if (deliberate !== undefined) {
          expect(err?.startsWith(deliberate.webrpcPrefix)).toBe(true);
          expect(result).toEqual({ error: deliberate.ours });
          return;
        }
        // An empty .json (or no .json) next to a non-empty .err means webrpc failed, and vice versa.
        if (err !== undefined && err !== "") {
          expect(err.startsWith("ERROR: ")).toBe(true);
          expect(result).toEqual({ error: err.slice("ERROR: ".length).replace(/\n$/, "") });
          return;
        }
        if (!("json" in result)) throw new Error(`unexpected error: ${result.error}`);
        if (json !== undefined) expect(result.json).toBe(json);
        if (gen !== undefined) expect(result.gen).toBe(gen);
        expect(json ?? gen).toBeDefined();
      });
    }
  });
}

describe("deliberate differences", () => {
  const dir = path.join(ROOT, "deliberate");
  const names = readdirSync(dir)
    .filter((f) => f.endsWith(".ridl"))
    .map((f) => f.slice(0, -".ridl".length));
  const docs = [
    readFileSync(path.join(dir, "README.md"), "utf8"),
    readFileSync(path.resolve("scripts/ridl/README.md"), "utf8"),
  ];

  it("are each listed, with webrpc's behaviour, in both READMEs", () => {
    expect(names.length).toBeGreaterThanOrEqual(5);
    for (const doc of docs) {
      for (const name of [...names, "ty2"]) expect(doc).toContain(`\`${name}\``);
    }
  });
});

describe("cli", () => {
  const cli = (args: string[]) => spawnSync(TSX, [CLI, ...args], { cwd: ROOT, encoding: "utf8" });

  it("prints the parser JSON byte for byte and exits 0", () => {
    const r = cli(["p1.ridl"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(readFileSync(path.join(ROOT, "p1.json"), "utf8"));
    expect(r.stderr).toBe("");
  });

  it("prints the webrpc-gen form with --gen", () => {
    const out = execFileSync(TSX, [CLI, "--gen", "imp/main.ridl"], { cwd: ROOT, encoding: "utf8" });
    expect(out).toBe(readFileSync(path.join(ROOT, "imp/main.gen.json"), "utf8"));
  });

  it("prints ERROR: with the import stack trace on stderr and exits 1", () => {
    const r = cli(["imp/cyc1.ridl"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(readFileSync(path.join(ROOT, "imp/cyc1.err"), "utf8"));
  });

  it("reports a missing root file like webrpc and exits 1", () => {
    const r = cli(["nope.ridl"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      "ERROR: failed to read file: open nope.ridl: no such file or directory\n",
    );
  });

  it("exits 2 with a usage message on bad usage", () => {
    for (const args of [[], ["a.ridl", "b.ridl"], ["--bogus"]]) {
      const r = cli(args);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/^usage: /);
    }
  });
});
