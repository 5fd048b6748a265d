/**
 * No anvil outlives its dev server: not after `close()`, not when the process ends on SIGINT or
 * SIGTERM (handled by closing the server, or not handled at all), and not when it is killed with
 * SIGKILL and has no chance to clean up (the watchdog sees the pipe close).
 */
import { describe, expect, it } from "vitest";
import { answers } from "../../kit/chains/chain.js";
import { alive, descendants, eventually, runScript } from "../../kit/chains/processes.js";
import { repoPath } from "../../kit/runtimes/harness.js";
import { startServer } from "../../kit/server.js";

const HOLD = repoPath("test/kit/chains/fixtures/hold-chains.ts");
const linux = process.platform === "linux";

async function allGone(pids: number[], urls: string[]): Promise<boolean> {
  return (
    pids.every((p) => !alive(p)) &&
    (await Promise.all(urls.map(answers))).every((answered) => !answered)
  );
}

describe.skipIf(!linux)("anvil processes of a dev server", () => {
  it("are stopped by close()", async () => {
    const srv = await startServer({ chains: true });
    const anvils = descendants(process.pid).filter((p) => p.name === "anvil");
    const urls = Object.values(srv.chains).map((c) => c.rpcUrl);
    expect(anvils.length).toBeGreaterThanOrEqual(urls.length);
    await srv.close();
    // close() resolves once they have exited: nothing to wait for.
    expect(await allGone([], urls)).toBe(true);
    const left = descendants(process.pid).filter((p) => p.name === "anvil");
    expect(left.filter((p) => anvils.some((a) => a.pid === p.pid))).toEqual([]);
  });

  for (const [signal, how] of [
    ["SIGINT", "close-on-signal"],
    ["SIGTERM", "close-on-signal"],
    ["SIGINT", "default"],
    ["SIGTERM", "default"],
    ["SIGKILL", "default"],
  ] as const) {
    it(`end with the process on ${signal} (${how === "default" ? "no handler" : "the handler closes the server"})`, async () => {
      const { child, first } = await runScript<{ pid: number; urls: string[] }>(HOLD, [how]);
      const anvils = descendants(first.pid).filter((p) => p.name === "anvil");
      expect(anvils.length).toBe(first.urls.length);
      expect((await Promise.all(first.urls.map(answers))).every(Boolean)).toBe(true);
      const exited = new Promise((r) => child.once("exit", r));
      child.kill(signal);
      await exited;
      const pids = anvils.map((a) => a.pid);
      expect(await eventually(() => allGone(pids, first.urls))).toBe(true);
    });
  }
});
