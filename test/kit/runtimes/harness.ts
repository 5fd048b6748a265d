/**
 * Shared pieces of the runtime matrix: a subprocess runner and the checks of a smoke result. The
 * dev server every runtime talks to runs in the test's own Node process, on loopback
 * (`startServer(QUICK_SERVER)`: several runtimes share it).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** A file of the repository, as an absolute path. */
export function repoPath(relative: string): string {
  return fileURLToPath(new URL(`../../../${relative}`, import.meta.url));
}

/** A binary installed by npm (`node_modules/.bin`). */
export function npmBin(name: string): string {
  return repoPath(`node_modules/.bin/${name}`);
}

/**
 * A runtime of the runtime tier (bun, deno, workerd), installed apart from the root's
 * dependencies in `test/system/runtimes/node_modules` by `npm run test:runtimes:install`; fails early,
 * with that command, when it is not installed.
 */
export function runtimeBin(name: "bun" | "deno" | "workerd"): string {
  const bin = repoPath(`test/system/runtimes/node_modules/.bin/${name}`);
  if (!existsSync(bin))
    throw new Error(
      `${name} is not installed for the runtime tier: run \`npm run test:runtimes:install\` (installs Bun, Deno and workerd into test/system/runtimes/node_modules)`,
    );
  return bin;
}

/** Fails early, with the fix, when the package has not been built. */
export function requireBuilt(): void {
  for (const f of ["dist/index.js", "dist/index.cjs"])
    if (!existsSync(repoPath(f))) throw new Error(`${f} is missing: run \`npm run build\` first`);
}

/** A free loopback port (for programs that cannot report the one they picked). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      const port = typeof address === "object" && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** What a finished subprocess printed. */
export interface ProcessResult {
  /** Exit code (`null` when killed). */
  code: number | null;
  /** Everything it wrote to standard output. */
  stdout: string;
  /** Everything it wrote to standard error. */
  stderr: string;
}

/** Runs a program to completion (killed after `timeoutMs`). */
export function run(
  command: string,
  args: readonly string[],
  options: { env?: Record<string, string>; cwd?: string; timeoutMs?: number } = {},
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, NO_COLOR: "1", ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The last line of `stdout` that is a JSON object. */
export function lastJson(result: ProcessResult): Record<string, unknown> {
  const line = result.stdout
    .trim()
    .split("\n")
    .reverse()
    .find((l) => l.startsWith("{"));
  if (line === undefined)
    throw new Error(`no result (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  return JSON.parse(line) as Record<string, unknown>;
}

/** What every runtime must have seen: bigints, a typed error, the intent at SUCCEEDED. */
export function expectSmoke(result: Record<string, unknown>, runtime: string): void {
  expect(result).toMatchObject({
    runtime,
    bigints: true,
    fromAmount: "25166782",
    executedStatus: "EXECUTING",
    finalStatus: "SUCCEEDED",
    isFinal: true,
  });
  expect(result.typedError).toMatch(/^\w+Error:true$/);
  expect(result.updates).toBeGreaterThanOrEqual(2);
  expect(result.saltDigits).toBeGreaterThan(16);
  expect(result.expiresInMs).toBeGreaterThan(4 * 60_000);
}
