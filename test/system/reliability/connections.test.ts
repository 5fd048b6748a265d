/**
 * Many connections against a server with few descriptors: `serve` in a child under `ulimit -n
 * 1024`, 1,100 idle TCP connections opened to it (more than it has descriptors) and held, then
 * Pings on fresh connections. The server must keep answering: it caps its connections below the
 * descriptor limit and closes the longest-idle ones to make room. Loops are bounded; timings are
 * printed, never asserted.
 */
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { pause } from "../../kit/reliability/pool.js";
import { raw, statusesIn } from "../../kit/reliability/raw-http.js";
import {
  type ServeChild,
  startServeChild,
  stopServeChild,
  within,
} from "../../kit/reliability/serve-child.js";
import { startService } from "../../kit/reliability/service.js";

const DESCRIPTORS = 1024;
const IDLE = 1_100;
const PINGS = 20;

interface PingResult {
  status: number | string;
  ms: number;
}

/** One Ping on a connection of its own (no agent, no keep-alive), with a 5-second bound. */
function ping(port: number): Promise<PingResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status: number | string) =>
      resolve({ status, ms: Math.round(performance.now() - started) });
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/rpc/Service/Ping",
        agent: false,
        headers: { "content-type": "application/json", connection: "close" },
      },
      (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode ?? 0));
        res.on("error", (e) => done(e.message));
      },
    );
    req.setTimeout(5_000, () => req.destroy(new Error("no answer in 5 s")));
    req.on("error", (e: NodeJS.ErrnoException) => done(e.code ?? e.message));
    req.end("{}");
  });
}

/** Opens `n` connections that send nothing; resolves once each is connected or refused. */
async function openIdle(port: number, n: number, closedByServer: { count: number }) {
  const sockets: Socket[] = [];
  for (let batch = 0; batch < n; batch += 100) {
    const opened = Array.from({ length: Math.min(100, n - batch) }, () => {
      const s = connect(port, "127.0.0.1");
      sockets.push(s);
      s.on("error", () => {});
      s.once("close", () => {
        closedByServer.count += 1;
      });
      return new Promise<void>((r) => {
        s.once("connect", () => r());
        s.once("close", () => r());
      });
    });
    await within(Promise.all(opened), 10_000, "opening idle connections");
  }
  return sockets;
}

let srv: ServeChild;
beforeAll(async () => {
  srv = await startServeChild([], { descriptors: DESCRIPTORS });
}, 30_000);
afterAll(async () => {
  if (srv !== undefined) await stopServeChild(srv);
});

describe(`${IDLE} idle connections at ulimit -n ${DESCRIPTORS}`, () => {
  it("every Ping on a fresh connection is answered while they are held", async () => {
    const closed = { count: 0 };
    const idle = await openIdle(srv.port, IDLE, closed);
    try {
      await pause(200);
      const results: PingResult[] = [];
      for (let i = 0; i < PINGS; i++) results.push(await ping(srv.port));
      const held = idle.filter((s) => !s.destroyed && s.readyState === "open").length;
      const ms = results.map((r) => r.ms).sort((a, b) => a - b);
      console.log(
        `[connections] ${IDLE} idle at ulimit -n ${DESCRIPTORS}: ${results.filter((r) => r.status === 200).length}/${PINGS} Pings answered, ` +
          `median ${ms[PINGS >> 1]} ms, max ${ms[PINGS - 1]} ms; idle connections closed by the server: ${closed.count}, still open: ${held}`,
      );
      expect(srv.output()).toMatch(/connections: +at most 921 \(open-file limit 1024\)/);
      expect(results.map((r) => r.status)).toEqual(Array(PINGS).fill(200));
      expect(srv.child.exitCode).toBeNull();
    } finally {
      for (const s of idle) s.destroy();
    }
  }, 60_000);
});

describe("connection timeouts", () => {
  let local: DevServer;
  beforeAll(async () => {
    local = await startService({
      connections: { headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 1_000 },
    });
  });
  afterAll(async () => {
    await local?.close();
  });
  const portOf = () => Number(new URL(local.url).port);

  it("closes a connection that sends nothing, or headers too slowly, after the headers timeout", async () => {
    const started = performance.now();
    const [silent, slow] = await Promise.all([
      raw(portOf(), [], { waitMs: 5_000 }),
      raw(portOf(), ["POST /rpc/Service/Ping HTTP/1.1\r\n", "host: x\r\n"], {
        gapMs: 100,
        waitMs: 5_000,
      }),
    ]);
    const ms = Math.round(performance.now() - started);
    console.log(
      `[connections] silent and slow-header connections closed after ${ms} ms (headers timeout 300 ms)`,
    );
    expect(silent.closedByServer).toBe(true);
    expect(slow.closedByServer).toBe(true);
    expect(statusesIn(slow.received)).toEqual([408]);
  });

  it("closes a kept-alive connection idle past the keep-alive timeout, after answering on it", async () => {
    const ping =
      "POST /rpc/Service/Ping HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}";
    const r = await raw(portOf(), [ping], { waitMs: 5_000 });
    expect(statusesIn(r.received)).toEqual([200]);
    expect(r.received).toContain("\r\nKeep-Alive: timeout=1\r\n");
    expect(r.closedByServer).toBe(true);
  });

  it("reports the limits in force", () => {
    expect(local.connections).toMatchObject({
      headersTimeoutMs: 300,
      requestTimeoutMs: 600,
      keepAliveTimeoutMs: 1_000,
    });
    expect(local.connections.maxConnections).toBeGreaterThan(0);
  });
});
