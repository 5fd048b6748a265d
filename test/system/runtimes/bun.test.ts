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

describe("the built package in Bun", () => {
  it("runs the lifecycle from the ESM bundle", async () => {
    const version = await run(runtimeBin("bun"), ["--version"]);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+/);
    const out = await run(runtimeBin("bun"), [repoPath("test/kit/runtimes/smoke/run.mjs")], {
      env: { BASE_URL: srv.url, ACCESS_KEY: srv.accessKey },
    });
    expectSmoke(lastJson(out), "bun");
  });
});
