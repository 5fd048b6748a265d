/**
 * Another package of a workspace consuming the SDK's sources, its entries mapped to them with
 * tsconfig `paths` (which TypeScript, tsx and Next.js read; Vite takes the same as `alias`), with
 * `npm run generate -- --watch` running: a schema edit reaches it, types and code, at the next
 * save, with no build (the copy has no dist/ at all).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoPath } from "../../kit/runtimes/harness.js";
import { tempDirs } from "../../kit/temp-dirs.js";

const tempDir = tempDirs("xi-workspace-");
const TSX = repoPath("node_modules/tsx/dist/cli.mjs");
const TSC = repoPath("node_modules/typescript/bin/tsc");
let watcher: ChildProcess | undefined;
afterAll(() => {
  watcher?.kill("SIGTERM");
});

/** Runs the consumer's type check; its output, empty when it passes. */
function typecheck(app: string): string {
  try {
    execFileSync(process.execPath, [TSC, "-p", app], { encoding: "utf8" });
    return "";
  } catch (e) {
    return String((e as { stdout?: string }).stdout);
  }
}

/** Runs the consumer from its sources with tsx; what it printed. */
function runApp(app: string): string {
  return execFileSync(
    process.execPath,
    ["--import", "tsx", join(app, "main.ts")],
    // tsx reads the consumer's tsconfig (its paths) from the folder it runs in.
    { encoding: "utf8", cwd: app },
  ).trim();
}

describe("a workspace package on the SDK's sources", () => {
  it("sees a schema edit after generate --watch writes it, with no build", async () => {
    const dir = tempDir();
    const sdk = join(dir, "sdk");
    for (const part of ["schema", "src", "generated", "package.json"])
      cpSync(repoPath(part), join(sdk, part), { recursive: true });
    symlinkSync(repoPath("node_modules"), join(sdk, "node_modules"));
    // The consumer, its tools (tsx) found in the repository's node_modules.
    const app = join(dir, "app");
    mkdirSync(app, { recursive: true });
    symlinkSync(repoPath("node_modules"), join(app, "node_modules"));
    writeFileSync(join(app, "package.json"), '{ "type": "module" }\n');
    writeFileSync(
      join(app, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "es2022",
          module: "preserve",
          moduleResolution: "bundler",
          paths: {
            "xchain-intents": [join(sdk, "src/index.ts")],
            "xchain-intents/types": [join(sdk, "src/types.ts")],
          },
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          typeRoots: [repoPath("node_modules/@types")],
          types: ["node"],
        },
        files: ["main.ts"],
      }),
    );
    writeFileSync(
      join(app, "main.ts"),
      [
        'import { SCHEMA_VERSION } from "xchain-intents";',
        'import type { PingResponse } from "xchain-intents/types";',
        'const ping: PingResponse = { version: "1", build: "b" };',
        "console.log(SCHEMA_VERSION, ping.build);",
        "",
      ].join("\n"),
    );
    expect(typecheck(app)).toMatch(/main\.ts.*'build' does not exist in type 'PingResponse'/s);
    expect(runApp(app)).toBe("v0.1.0 b");

    let out = "";
    watcher = spawn(
      process.execPath,
      [TSX, repoPath("scripts/generate.ts"), "--watch", "--root", sdk],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    watcher.stdout?.on("data", (b: Buffer) => {
      out += b.toString();
    });
    watcher.stderr?.on("data", (b: Buffer) => {
      out += b.toString();
    });
    const watchings = (n: number) =>
      new Promise<void>((resolve, reject) => {
        const deadline = setTimeout(
          () => reject(new Error(`generate --watch said: ${out}`)),
          60_000,
        );
        const look = setInterval(() => {
          if ((out.match(/watching schema\//g) ?? []).length >= n) {
            clearTimeout(deadline);
            clearInterval(look);
            resolve();
          }
        }, 50);
      });
    await watchings(1);
    const ridl = join(sdk, "schema/service.ridl");
    const schema = readFileSync(ridl, "utf8")
      .replace("version = v0.1.0", "version = v0.2.0")
      .replace(
        "struct PingResponse\n  # Version of the running service.\n  - version: string\n",
        "struct PingResponse\n  # Version of the running service.\n  - version: string\n  # Build of the running service.\n  - build?: string\n",
      );
    expect(schema).toContain("- build?: string");
    writeFileSync(ridl, schema);
    await watchings(2);
    expect(out).toMatch(/wrote \d+ files[\s\S]*wrote \d+ files/);

    expect(typecheck(app)).toBe("");
    expect(runApp(app)).toBe("v0.2.0 b");
    expect(existsSync(join(sdk, "dist"))).toBe(false);
  }, 180_000);
});
