import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { builtFiles } from "../../kit/package/built-files.js";
import {
  expectSmoke,
  freePort,
  repoPath,
  requireBuilt,
  runtimeBin,
} from "../../kit/runtimes/harness.js";
import { workerdConfig } from "../../kit/runtimes/workerd/config.js";
import { QUICK_SERVER, startServer } from "../../kit/server.js";

let srv: DevServer;
let dir: string;
let workerd: ChildProcess | undefined;
let log = "";
let chunks: string[] = [];

beforeAll(async () => {
  requireBuilt();
  srv = await startServer(QUICK_SERVER);
  dir = mkdtempSync(join(tmpdir(), "xchain-workerd-"));
  copyFileSync(repoPath("dist/index.js"), join(dir, "xchain-intents.js"));
  // The shared files the entry imports beside itself, as modules of their own.
  chunks = builtFiles("index.js").filter((f) => f !== "index.js");
  for (const f of chunks) copyFileSync(repoPath(`dist/${f}`), join(dir, f));
  copyFileSync(
    repoPath("node_modules/openapi-fetch/dist/index.mjs"),
    join(dir, "openapi-fetch.js"),
  );
  copyFileSync(repoPath("test/kit/runtimes/smoke/lifecycle.mjs"), join(dir, "lifecycle.mjs"));
  copyFileSync(repoPath("test/kit/runtimes/workerd/worker.mjs"), join(dir, "worker.mjs"));
});

afterAll(async () => {
  workerd?.kill("SIGTERM");
  await srv.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Fetches the worker until its socket is up (workerd takes a moment to start). */
async function fetchWorker(url: string, deadline: number): Promise<Response> {
  for (;;) {
    try {
      return await fetch(url);
    } catch (e) {
      if (Date.now() > deadline || workerd?.exitCode != null)
        throw new Error(`workerd did not answer: ${String(e)}\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describe("the built package in Cloudflare's workerd", () => {
  it("runs the lifecycle from the ESM bundle, with code generation from strings off", async () => {
    const port = await freePort();
    writeFileSync(
      join(dir, "config.capnp"),
      workerdConfig({ port, baseUrl: srv.url, accessKey: srv.accessKey, chunks }),
    );
    workerd = spawn(runtimeBin("workerd"), ["serve", join(dir, "config.capnp")], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    workerd.stdout?.on("data", (c: Buffer) => {
      log += c.toString();
    });
    workerd.stderr?.on("data", (c: Buffer) => {
      log += c.toString();
    });
    const res = await fetchWorker(`http://127.0.0.1:${port}/`, Date.now() + 20_000);
    const result = (await res.json()) as Record<string, unknown>;
    expect(result.error, log).toBeUndefined();
    expect(res.status).toBe(200);
    expectSmoke(result, "workerd");
    expect(result.evalBlocked).toBe(true);
  });
});
