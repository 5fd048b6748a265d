/**
 * The README's table of run-time dependencies against the built entries: what each file of
 * `dist/` imports beyond Node's built-ins must be exactly what its row names, and each of those
 * must be a dependency of the package, and nothing else: what `dist/` bundles is not one (a
 * package only the declarations import, for a type, is one).
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repoPath, requireBuilt } from "../../kit/runtimes/harness.js";

requireBuilt();

/** Bare specifiers imported or required by a built file (not `node:`, not relative). */
function importsOf(file: string): string[] {
  const text = readFileSync(repoPath(file), "utf8");
  const found = new Set<string>();
  for (const m of text.matchAll(
    /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["']([^"']+)["']/g,
  )) {
    const spec = m[1] as string;
    if (!spec.startsWith(".") && !spec.startsWith("node:")) found.add(spec);
  }
  return [...found].sort();
}

/** The README's table under `| entry | run-time dependencies |`: entry → the packages named. */
function readmeTable(): Map<string, string[]> {
  const readme = readFileSync(repoPath("README.md"), "utf8");
  const start = readme.search(/^\| entry +\| run-time dependencies +\|$/m);
  expect(start).toBeGreaterThan(0);
  const lines = readme.slice(start).split("\n").slice(2);
  const rows = new Map<string, string[]>();
  for (const line of lines) {
    const m = /^\| (.+?) +\| (.+?) +\|$/.exec(line);
    if (m === null) break;
    const cell = (m[2] as string).replace(/\(.*$/, "");
    rows.set(m[1] as string, [...cell.matchAll(/`([^`]+)`/g)].map((x) => x[1] as string).sort());
  }
  return rows;
}

const FILES: Record<string, string[]> = {
  "`xchain-intents`": ["dist/index.js", "dist/index.cjs"],
  "`xchain-intents/errors`": ["dist/errors.js", "dist/errors.cjs"],
  "`xchain-intents/query`": ["dist/query.js", "dist/query.cjs"],
  "`xchain-intents/devserver`": ["dist/devserver.js", "dist/devserver.cjs"],
  "`xchain-intents` command": ["dist/cli.js"],
  "`xchain-intents/viem`": ["dist/viem.js", "dist/viem.cjs"],
  "`xchain-intents/viem/file-store`": ["dist/viem-file-store.js", "dist/viem-file-store.cjs"],
  "`xchain-intents/react`": ["dist/react.js", "dist/react.cjs"],
  "`xchain-intents/devserver/browser`": ["dist/devserver-browser.js", "dist/devserver-browser.cjs"],
};

describe("run-time dependencies", () => {
  it("are, for each built entry, those the README names", () => {
    const table = readmeTable();
    expect([...table.keys()].sort()).toEqual(Object.keys(FILES).sort());
    for (const [entry, files] of Object.entries(FILES)) {
      for (const f of files) expect(importsOf(f), f).toEqual(table.get(entry));
    }
  });

  it("are dependencies of the package (or optional peers, or the package itself)", () => {
    const pkg = JSON.parse(readFileSync(repoPath("package.json"), "utf8")) as {
      name: string;
      dependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
    };
    const allowed = [
      pkg.name,
      ...Object.keys(pkg.dependencies),
      ...Object.keys(pkg.peerDependencies),
    ];
    for (const f of Object.values(FILES).flat())
      for (const spec of importsOf(f)) {
        const name = spec
          .split("/")
          .slice(0, spec.startsWith("@") ? 2 : 1)
          .join("/");
        expect(allowed, f).toContain(name);
      }
  });

  it("are all the dependencies: one that dist/ bundles (@noble/hashes) is a devDependency", () => {
    const pkg = JSON.parse(readFileSync(repoPath("package.json"), "utf8")) as {
      name: string;
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
    };
    // Optional peers (viem) and the package itself (the wallet entry's base class) are not
    // dependencies; every other package imported is one, and every dependency is imported.
    const packageOf = (spec: string) =>
      spec
        .split("/")
        .slice(0, spec.startsWith("@") ? 2 : 1)
        .join("/");
    const notDependencies = new Set([pkg.name, ...Object.keys(pkg.peerDependencies)]);
    // The declarations count too: a package they import (openapi-fetch's `Middleware` type) must
    // be installed for a consumer's compiler, even when no code imports it at run time.
    const declarations = Object.values(FILES)
      .flat()
      .map((f) => f.replace(/\.c?js$/, ".d.ts"))
      .filter((f) => existsSync(repoPath(f)));
    const imported = new Set(
      [...Object.values(FILES).flat(), ...declarations]
        .flatMap(importsOf)
        .map(packageOf)
        .filter((name) => !notDependencies.has(name)),
    );
    expect(Object.keys(pkg.dependencies).sort()).toEqual([...imported].sort());
    expect(Object.keys(pkg.devDependencies)).toContain("@noble/hashes");
  });
});
