import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { builtFiles } from "../../kit/package/built-files.js";
import { ROOT, repoPath, requireBuilt } from "../../kit/runtimes/harness.js";

requireBuilt();

/** What `npm pack` would publish, by path. */
function packedFiles(): string[] {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const [pack] = JSON.parse(out) as [{ files: { path: string }[] }];
  return pack.files.map((f) => f.path).sort();
}

const files = packedFiles();
const pkg = JSON.parse(readFileSync(repoPath("package.json"), "utf8"));

describe("the published package", () => {
  it("ships the builds, the schema and the published spec", () => {
    for (const f of [
      "dist/index.js",
      "dist/index.cjs",
      "dist/index.d.ts",
      "dist/index.d.cts",
      "dist/devserver.js",
      "dist/devserver.cjs",
      "dist/devserver.d.ts",
      "dist/devserver.d.cts",
      "dist/cli.js",
      "dist/viem.js",
      "dist/viem.cjs",
      "dist/viem.d.ts",
      "dist/viem-file-store.js",
      "dist/errors.js",
      "dist/errors.cjs",
      "dist/errors.d.ts",
      "dist/query.js",
      "dist/query.cjs",
      "dist/query.d.ts",
      "dist/types.d.ts",
      "dist/types.d.cts",
      "schema/service.ridl",
      "generated/openapi.json",
      "README.md",
      "LICENSE",
      "package.json",
    ])
      expect(files).toContain(f);
    const schemas = readdirSync(repoPath("generated/schemas")).map((f) => `generated/schemas/${f}`);
    expect(schemas.length).toBeGreaterThan(50);
    for (const s of schemas) expect(files).toContain(s);
  });

  it("ships no tests, sources, scratch files or generator internals", () => {
    const stray = files.filter(
      (f) =>
        /^(test|tmp|src|scripts|node_modules|\.ci|\.git)\//.test(f) ||
        /^generated\/[^/]+\.(ts|js)$/.test(f) ||
        /\.(test|spec)\.[cm]?[jt]s$/.test(f) ||
        /\.tgz$/.test(f),
    );
    expect(stray).toEqual([]);
  });

  it("ships readable builds and no source maps", () => {
    expect(files.filter((f) => f.endsWith(".map"))).toEqual([]);
    for (const f of ["dist/index.js", "dist/index.cjs", "dist/devserver.js", "dist/cli.js"]) {
      const text = readFileSync(repoPath(f), "utf8");
      expect(text, f).not.toMatch(/sourceMappingURL/);
      // Not minified: the functions sit under comments naming their source files.
      expect(text, f).toMatch(/^\/\/ src\/[a-z/-]+\.ts$/m);
    }
  });

  it("has every target of `exports`, `main`, `types` and `bin` in the pack", () => {
    const targets: string[] = [];
    const walk = (v: unknown) => {
      if (typeof v === "string") targets.push(v);
      else if (v && typeof v === "object") for (const x of Object.values(v)) walk(x);
    };
    walk(pkg.exports);
    walk(pkg.bin);
    walk([pkg.main, pkg.module, pkg.types]);
    for (const t of targets.filter((t) => !t.includes("*")))
      expect(files).toContain(t.replace(/^\.\//, ""));
    expect(pkg.sideEffects).toBe(false);
  });

  it("resolves the schema subpaths by package name", () => {
    const require = createRequire(repoPath("package.json"));
    expect(require.resolve("xchain-intents/schema/service.ridl")).toBe(
      repoPath("schema/service.ridl"),
    );
    expect(require.resolve("xchain-intents/schema/openapi.json")).toBe(
      repoPath("generated/openapi.json"),
    );
    expect(require.resolve("xchain-intents/schema/QuoteIntentResponse.json")).toBe(
      repoPath("generated/schemas/QuoteIntentResponse.json"),
    );
  });
});

describe("the built client entry", () => {
  // The entry's file and the shared files it imports (`dist/chunk-*`), read as one.
  const read = (entry: string) =>
    builtFiles(entry)
      .map((f) => readFileSync(repoPath(`dist/${f}`), "utf8"))
      .join("\n");
  const esm = read("index.js");
  const cjs = read("index.cjs");

  it("is one file and shared ones beside it, all in the pack", () => {
    for (const f of [...builtFiles("index.js"), ...builtFiles("index.cjs")])
      expect(files).toContain(`dist/${f}`);
  });

  it("imports nothing: no package, no Node built-in, no ajv (openapi-fetch is a type only)", () => {
    const esmImports = [...esm.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]/gm)]
      .map((m) => m[1])
      .filter((spec) => !spec?.startsWith("./chunk-"));
    const bare = [...esm.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)].map((m) => m[1]);
    const dynamic = [...esm.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]);
    const requires = [...cjs.matchAll(/\brequire\(\s*['"]([^'"]+)['"]\s*\)/g)]
      .map((m) => m[1])
      .filter((spec) => !spec?.startsWith("./chunk-"));
    expect([...new Set([...esmImports, ...bare, ...dynamic])]).toEqual([]);
    expect([...new Set(requires)]).toEqual([]);
    expect(esm).not.toMatch(/\bfrom\s*['"](node:|ajv)/);
  });

  it("evaluates no code from strings", () => {
    for (const code of [esm, cjs]) {
      expect(code).not.toMatch(/\beval\s*\(/);
      expect(code).not.toMatch(/\bnew\s+Function\s*\(/);
    }
  });
});
