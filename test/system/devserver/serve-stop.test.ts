/**
 * `serve` with kept chains, stopped by a signal: it exits only once its chains have written their
 * state, so whoever waits for its exit may delete the files at once. Also when the signal comes
 * twice (Ctrl-C pressed twice, or a signal to the process group plus the one tsx passes on).
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { alive, descendants } from "../../kit/chains/processes.js";
import { startServeChild } from "../../kit/reliability/serve-child.js";

describe.skipIf(process.platform !== "linux")("serve stopped by a signal, with kept chains", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    for (const times of [1, 2]) {
      it(`exits after the chains wrote their state (${signal} × ${times})`, async () => {
        const dir = mkdtempSync(join(tmpdir(), "xi-serve-stop-"));
        const { child } = await startServeChild(["--state", join(dir, "s.jsonl")], {
          chains: true,
          readyMs: 30_000,
        });
        const chainProcesses = descendants(child.pid as number);
        expect(chainProcesses.filter((p) => p.name === "anvil").length).toBeGreaterThanOrEqual(2);
        const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
        child.kill(signal);
        // The second one apart from the first (two pending signals merge into one), while the
        // chains are still stopping.
        if (times === 2) setTimeout(() => child.kill(signal), 100);
        expect(await exited).toBe(0);
        // Nothing left to wait for: every chain process is gone, every state is complete.
        expect(chainProcesses.filter((p) => alive(p.pid))).toEqual([]);
        const files = readdirSync(dir).sort();
        expect(files.filter((f) => f.endsWith(".next"))).toEqual([]);
        expect(files).toContain("s.jsonl.chain-42161.json");
        expect(files).toContain("s.jsonl.chain-8453.json");
        // Removable at once: no process is still writing into the folder.
        rmSync(dir, { recursive: true });
      }, 60_000);
    }
  }
});
