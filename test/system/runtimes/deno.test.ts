import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import {
  expectSmoke,
  lastJson,
  repoPath,
  requireBuilt,
  run,
  runtimeBin,
} from "../../kit/runtimes/harness.js";
import { QUICK_SERVER, startServer } from "../../kit/server.js";

let srv: DevServer;
beforeAll(async () => {
  requireBuilt();
  srv = await startServer(QUICK_SERVER);
});
afterAll(() => srv.close());

describe("the built package in Deno", () => {
  it("runs the lifecycle from the ESM bundle, with network access to loopback only", async () => {
    const version = await run(runtimeBin("deno"), ["--version"]);
    expect(version.stdout).toMatch(/^deno \d+\.\d+\.\d+/);
    const out = await run(
      runtimeBin("deno"),
      [
        "run",
        "--no-lock",
        "--allow-net=127.0.0.1",
        "--allow-env=BASE_URL,ACCESS_KEY",
        "--allow-read",
        repoPath("test/kit/runtimes/smoke/run.mjs"),
      ],
      { env: { BASE_URL: srv.url, ACCESS_KEY: srv.accessKey, DENO_NO_UPDATE_CHECK: "1" } },
    );
    expectSmoke(lastJson(out), "deno");
  });
});
