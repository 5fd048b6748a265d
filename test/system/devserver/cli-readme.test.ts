/**
 * The `npm run serve -- …` commands of the README and `docs/dev-server.md`, run as written in a clone (only the port made free
 * and the state file moved to a temporary folder): each prints its banner and answers. npm does
 * not pass SIGTERM on (as the README says), so the whole process group is signalled, and waited
 * for: npm itself exits at once, `serve` only once its chains have written their state.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createClient } from "../../../src/index.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const readme = ["README.md", "docs/dev-server.md"]
  .map((file) => readFileSync(join(ROOT, file), "utf8"))
  .join("\n");
const dir = mkdtempSync(join(tmpdir(), "xchain-readme-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Resolves once no process of the group `pgid` is left. */
async function groupGone(pgid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every `npm run serve -- …` line of the README's shell blocks, without comment or `&`. */
const commands = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
  .flatMap((m) => (m[1] ?? "").split("\n"))
  .filter((line) => line.startsWith("npm run serve -- "))
  .map((line) =>
    line
      .replace(/\s+#.*$/, "")
      .replace(/\s*&\s*$/, "")
      .trim(),
  );

describe("the README's serve commands, in a clone", () => {
  it("are there", () => {
    expect(commands.length).toBeGreaterThanOrEqual(2);
  });

  for (const command of commands) {
    it(`run: ${command}`, async () => {
      const line = command
        .replace("--port 8787", "--port 0")
        .replace(".dev-state.jsonl", join(dir, "readme-state.jsonl"));
      const [npm, ...args] = line.split(/\s+/);
      const child = spawn(npm as string, args, {
        cwd: ROOT,
        detached: true,
        env: { ...process.env, XCHAIN_INTENTS_ACCESS_KEY: "" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
      let out = "";
      child.stdout.on("data", (b: Buffer) => {
        out += b.toString();
      });
      child.stderr.on("data", (b: Buffer) => {
        out += b.toString();
      });
      try {
        const banner = await new Promise<RegExpExecArray>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no banner: ${out}`)), 30_000);
          child.stdout.on("data", () => {
            const m = /base URL:\s+(\S+)\n\s+access key:\s+(\S+)/.exec(out);
            if (m !== null) {
              clearTimeout(timer);
              resolve(m);
            }
          });
          exited.then(() => reject(new Error(`exited: ${out}`)));
        });
        const client = createClient({
          baseUrl: banner[1] as string,
          accessKey: banner[2] as string,
        });
        expect(await client.ping()).toMatchObject({ version: expect.any(String) });
        if (command.includes("--access-key dev_local")) expect(banner[2]).toBe("dev_local");
      } finally {
        process.kill(-(child.pid as number), "SIGTERM");
        await exited;
        await groupGone(child.pid as number);
      }
    }, 60_000);
  }
});
