/**
 * `serve --state FILE` as a team runs it, in child processes: a second `serve` on a file in use
 * exits 1 naming the file and the first one's process id, and the first keeps answering; a
 * SIGKILLed server leaves a lock that the next start takes over; a damaged file is refused with
 * advice to `--repair`, which then starts with every valid record.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createClient } from "../../../src/index.js";
import {
  type Exit,
  runCli,
  startServeChild,
  stopServeChild,
  within,
} from "../../kit/reliability/serve-child.js";
import { quoteRequestFor, randomOwner } from "../../kit/reliability/service.js";

const dir = mkdtempSync(join(tmpdir(), "xchain-serve-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `serve --port 0 --simulated …args` expecting it to end by itself (bounded). */
function serveThatEnds(args: string[]): Promise<Exit & { output: string }> {
  return runCli(["serve", "--port", "0", "--simulated", ...args]);
}

describe("serve --state FILE: one server per file", () => {
  it("refuses a second serve on the file (exit 1, the file and the pid named); a SIGKILLed holder's lock is taken over", async () => {
    const file = join(dir, "dev-state.jsonl");
    const first = await startServeChild(["--state", file]);
    const client = createClient({ baseUrl: first.url, accessKey: first.key });
    try {
      const second = await serveThatEnds(["--state", file]);
      expect(second.code).toBe(1);
      expect(second.output).toContain(
        `the state file ${file} is in use by process ${first.child.pid}`,
      );
      // The first still answers and still records.
      const { intent } = await client.quoteIntent(quoteRequestFor(randomOwner()));
      expect(readFileSync(file, "utf8")).toContain(intent.intentId);
      first.child.kill("SIGKILL");
      expect(await within(first.exit, 10_000, "exit after SIGKILL")).toEqual({
        code: null,
        signal: "SIGKILL",
      });
      expect(readFileSync(`${file}.lock`, "utf8")).toBe(`${first.child.pid}\n`);
      const next = await startServeChild(["--state", file]);
      expect(readFileSync(`${file}.lock`, "utf8")).toBe(`${next.child.pid}\n`);
      const again = createClient({ baseUrl: next.url, accessKey: next.key });
      expect((await again.getIntent({ intentId: intent.intentId })).intent.intentId).toBe(
        intent.intentId,
      );
      expect(await stopServeChild(next)).toEqual({ code: 0, signal: null });
      expect(existsSync(`${file}.lock`)).toBe(false);
    } finally {
      first.child.kill("SIGKILL");
    }
  }, 60_000);

  it("refuses a damaged file naming --repair; serve --repair starts with every valid record", async () => {
    const file = join(dir, "damaged.jsonl");
    const first = await startServeChild(["--state", file]);
    const client = createClient({ baseUrl: first.url, accessKey: first.key });
    const { intent } = await client.quoteIntent(quoteRequestFor(randomOwner()));
    expect(await stopServeChild(first)).toEqual({ code: 0, signal: null });
    const lines = readFileSync(file, "utf8").split("\n");
    lines.splice(2, 0, "{damaged");
    writeFileSync(file, lines.join("\n"));

    const refused = await serveThatEnds(["--state", file]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`the state file ${file} cannot be read: line 3 is not JSON`);
    expect(refused.output).toContain("--repair");
    expect(existsSync(`${file}.lock`)).toBe(false);

    const repaired = await startServeChild(["--state", file, "--repair"]);
    try {
      expect(repaired.key).toBe(first.key);
      expect(repaired.output()).toMatch(/1 damaged line \(3\) set aside in \S+\.damaged-/);
      const again = createClient({ baseUrl: repaired.url, accessKey: repaired.key });
      expect((await again.getIntent({ intentId: intent.intentId })).intent.quote).toEqual(
        intent.quote,
      );
    } finally {
      expect(await stopServeChild(repaired)).toEqual({ code: 0, signal: null });
    }
  }, 60_000);
});
