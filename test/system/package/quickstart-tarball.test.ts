/**
 * The README's Install and Quick start, as a newcomer follows them: the packed tarball installed
 * into a fresh app with the packages the Install section names (`viem`, `@foundry-rs/anvil`), then
 * the quick start, copied verbatim, type-checked against the installed types and run with node.
 * npm installs from its cache when it holds the versions this repository locked (pinned here for
 * that), so the test runs offline on a machine that ran `npm ci`.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, repoPath, requireBuilt } from "../../kit/runtimes/harness.js";

requireBuilt();
const dir = mkdtempSync(join(tmpdir(), "xchain-quickstart-app-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const readme = readFileSync(repoPath("README.md"), "utf8");
const versionOf = (name: string) =>
  (
    JSON.parse(readFileSync(repoPath(`node_modules/${name}/package.json`), "utf8")) as {
      version: string;
    }
  ).version;

/** The `npm install ../xchain-intents/…tgz …` line of the Install section. */
const installLine = readme
  .slice(readme.indexOf("## Install"), readme.indexOf("## Quick start"))
  .split("\n")
  .find((l) => l.includes("npm install ../xchain-intents/"));

/** The quick start's code, as the README has it. */
function quickStart(): string {
  const at = readme.indexOf("\n## Quick start\n");
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(at));
  if (at < 0 || !block?.[1]) throw new Error("no ts block under ## Quick start");
  return block[1];
}

describe("the README's quick start in a fresh app, from the packed tarball", () => {
  it("installs what the Install section names and runs verbatim", () => {
    expect(installLine).toMatch(
      /npm install \.\.\/xchain-intents\/xchain-intents-[\d.]+\.tgz viem @foundry-rs\/anvil$/,
    );
    const npm = (args: string[], cwd: string) =>
      execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    const [packed] = JSON.parse(
      npm(["pack", "--json", "--ignore-scripts", "--pack-destination", dir], ROOT),
    ) as [{ filename: string }];
    const app = join(dir, "my-app");
    mkdirSync(app);
    writeFileSync(
      join(app, "package.json"),
      '{ "name": "my-app", "private": true, "type": "module" }',
    );
    // The README's line after `cd ../my-app &&`: the tarball from here, versions this repo locked.
    const args = (installLine as string)
      .slice((installLine as string).indexOf("npm install ") + "npm install ".length)
      .split(/\s+/)
      .map((a) =>
        a.endsWith(".tgz")
          ? join(dir, packed.filename)
          : a === "viem" || a === "@foundry-rs/anvil"
            ? `${a}@${versionOf(a)}`
            : a,
      );
    npm(["install", "--prefer-offline", "--no-audit", "--no-fund", ...args], app);
    const code = quickStart();
    writeFileSync(join(app, "quickstart.ts"), code);
    writeFileSync(join(app, "quickstart.mjs"), code);
    writeFileSync(
      join(app, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "es2022",
          module: "nodenext",
          moduleResolution: "nodenext",
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          lib: ["es2022", "dom"],
          types: [],
        },
        files: ["quickstart.ts"],
      }),
    );
    // Its types hold against the installed package and viem (no cast, no defineChain needed).
    execFileSync(process.execPath, [repoPath("node_modules/typescript/bin/tsc"), "-p", app], {
      cwd: app,
      encoding: "utf8",
    });
    const out = execFileSync(process.execPath, ["quickstart.mjs"], { cwd: app, encoding: "utf8" });
    expect(out.trim().split("\n")).toEqual(["EXECUTING", "SUCCEEDED 25166782n"]);
  }, 300_000);
});
