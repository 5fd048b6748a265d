/**
 * A folder that stands for a user's own TypeScript project with code generated from the
 * published spec by another tool: strict ESM TypeScript, checked by `tsc`, its lifecycle script
 * run by `tsx` against a dev server.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { lastJson, repoPath, run } from "../runtimes/harness.js";
import { startServer } from "../server.js";

/** What a test of another tool's generated client works with. */
export interface UserProject {
  /** A dev server on the interface's wire (JSON numbers); the strings wire is asked per request. */
  srv: DevServer;
  /** The project's folder (temporary). */
  dir: string;
}

/**
 * Registers the calling file's set-up and tear-down (`beforeAll`/`afterAll`): a dev server and an
 * empty project folder named after `tool`. The object is filled before the file's tests run (the
 * spec files come from `packedPath`).
 */
export function userProject(tool: string): UserProject {
  const project = {} as UserProject;
  beforeAll(async () => {
    project.srv = await startServer({ port: 0, bigintAs: "number" });
    project.dir = mkdtempSync(join(tmpdir(), `xchain-${tool}-`));
  });
  afterAll(async () => {
    await project.srv?.close();
    if (project.dir) rmSync(project.dir, { recursive: true, force: true });
  });
  return project;
}

/**
 * Writes `package.json` (ESM) and a strict `tsconfig.json` checking the files `include` names.
 * `resolution: "bundler"` is for generated code whose imports name no extension (a Node ESM
 * project cannot resolve them; a bundler or `tsx` can).
 */
export function writeStrictProject(
  dir: string,
  include: readonly string[],
  resolution: "nodenext" | "bundler" = "nodenext",
): void {
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "es2022",
        module: resolution === "bundler" ? "esnext" : "nodenext",
        moduleResolution: resolution,
        skipLibCheck: true,
        types: ["node"],
        typeRoots: [repoPath("node_modules/@types")],
      },
      include,
    }),
  );
}

/** Type-checks the project in `dir` with the repository's `tsc`: no diagnostic, exit 0. */
export async function expectStrictCompile(dir: string): Promise<void> {
  const tsc = await run(repoPath("node_modules/.bin/tsc"), ["-p", join(dir, "tsconfig.json")], {
    timeoutMs: 120_000,
  });
  expect(tsc.stdout + tsc.stderr).toBe("");
  expect(tsc.code).toBe(0);
}

/**
 * Runs `dir/lifecycle.ts` with the server's URL and access key, which must write nothing to
 * stderr; returns the last JSON line it printed.
 */
export async function runLifecycle(
  dir: string,
  server: { url: string; accessKey: string },
): Promise<Record<string, unknown>> {
  const ran = await run(
    repoPath("node_modules/.bin/tsx"),
    [join(dir, "lifecycle.ts"), server.url, server.accessKey],
    { timeoutMs: 60_000 },
  );
  expect(ran.stderr).toBe("");
  return lastJson(ran);
}

/** 1.234567891234567891 WETH in wei, as the lifecycle scripts quote it: past 2^53. */
export const LIFECYCLE_AMOUNT = "1234567891234567891";

/** How a lifecycle script reports `LIFECYCLE_AMOUNT` kept exact on the strings wire. */
export const EXACT_AMOUNT = { type: "string", text: LIFECYCLE_AMOUNT } as const;

/**
 * The steps every generated client's test shares once the tool has written `client/`: the
 * tool's lifecycle script (`test/fixtures/<tool>-lifecycle.ts.txt`) copied in as
 * `lifecycle.ts`, the strict project over both, compiled with no diagnostic, then run against
 * the project's server; answers what the script saw.
 */
export async function compileAndRunLifecycle(
  project: UserProject,
  tool: string,
  resolution: "nodenext" | "bundler" = "nodenext",
): Promise<Record<string, unknown>> {
  writeFileSync(
    join(project.dir, "lifecycle.ts"),
    readFileSync(repoPath(`test/fixtures/${tool}-lifecycle.ts.txt`), "utf8"),
  );
  writeStrictProject(project.dir, ["client/**/*.ts", "lifecycle.ts"], resolution);
  await expectStrictCompile(project.dir);
  return runLifecycle(project.dir, project.srv);
}
