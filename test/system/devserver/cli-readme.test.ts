/**
 * The `npm run serve -- …` commands of the README and `docs/dev-server.md`, run as written in a clone (only the port made free
 * and the state file moved to a temporary folder): each prints its banner and answers. npm does
 * not pass SIGTERM on (as the README says), so the whole process group is signalled, and waited
 * for: npm itself exits at once, `serve` only once its chains have written their state.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createClient } from "../../../src/index.js";
import { startServeChild, stopServeChild } from "../../kit/reliability/serve-child.js";
import { ROOT } from "../../kit/runtimes/harness.js";

const readme = ["README.md", "docs/dev-server.md"]
  .map((file) => readFileSync(join(ROOT, file), "utf8"))
  .join("\n");
const dir = mkdtempSync(join(tmpdir(), "xchain-readme-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
      // Its own process group: npm does not pass SIGTERM on, the whole group is signalled.
      const srv = await startServeChild([], {
        command: line.split(/\s+/),
        group: true,
        readyMs: 30_000,
      });
      try {
        const client = createClient({ baseUrl: srv.url, accessKey: srv.key });
        expect(await client.ping()).toMatchObject({ version: expect.any(String) });
        if (command.includes("--access-key dev_local")) expect(srv.key).toBe("dev_local");
      } finally {
        await stopServeChild(srv);
      }
    }, 60_000);
  }
});
