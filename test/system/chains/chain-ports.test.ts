/**
 * Chain RPC ports across restarts: kept with a state file (reused when still free, given up for a
 * free one when another program took it), pinned with `chainPorts`, and a pinned port in use
 * refused with the fix.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { startServer } from "../../kit/server.js";

const dir = mkdtempSync(join(tmpdir(), "xi-chain-ports-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const urls = (srv: DevServer) =>
  Object.fromEntries(Object.entries(srv.chains).map(([id, c]) => [id, c.rpcUrl]));

async function occupy(port = 0): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  return { server, port: (server.address() as { port: number }).port };
}
const release = (s: Server) => new Promise((r) => s.close(r));

describe("chain ports", () => {
  it("are kept with the state file, and a taken one is given up for a free one", async () => {
    const stateFile = join(dir, "ports.jsonl");
    const first = await startServer({ chains: true, stateFile });
    const before = urls(first);
    await first.close();
    expect(JSON.parse(readFileSync(`${stateFile}.chain-ports.json`, "utf8"))).toEqual(
      Object.fromEntries(
        Object.entries(before).map(([id, url]) => [id, Number(new URL(url).port)]),
      ),
    );
    const second = await startServer({ chains: true, stateFile });
    expect(urls(second)).toEqual(before);
    await second.close();
    // Another program now listens on Base's port: Base moves, the others stay.
    const taken = await occupy(Number(new URL(before[8453] as string).port));
    try {
      const third = await startServer({ chains: true, stateFile });
      const after = urls(third);
      await third.close();
      expect(after[8453]).not.toBe(before[8453]);
      expect({ ...after, 8453: "" }).toEqual({ ...before, 8453: "" });
    } finally {
      await release(taken.server);
    }
  }, 120_000);

  it("are pinned with chainPorts, and a pinned port in use is refused with the fix", async () => {
    const probe = await occupy();
    await release(probe.server);
    const srv = await startServer({ chains: true, chainPorts: { 42161: probe.port } });
    try {
      expect(srv.chains[42161]?.rpcUrl).toBe(`http://127.0.0.1:${probe.port}`);
      expect(srv.chains[42161]?.chain.rpcUrls.default.http[0]).toBe(
        `http://127.0.0.1:${probe.port}`,
      );
      await expect(
        startServer({ chains: true, chainPorts: { 42161: probe.port } }),
      ).rejects.toThrow(
        `port ${probe.port} pinned for chain 42161 is in use: stop what listens there, or pin another port (--chain-port 42161=PORT, chainPorts)`,
      );
    } finally {
      await srv.close();
    }
  }, 120_000);
});
