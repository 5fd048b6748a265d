import { afterAll, beforeAll, describe, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { expectSmoke, lastJson, repoPath, requireBuilt, run } from "../../kit/runtimes/harness.js";
import { QUICK_SERVER, startServer } from "../../kit/server.js";

let srv: DevServer;
beforeAll(async () => {
  requireBuilt();
  srv = await startServer(QUICK_SERVER);
});
afterAll(() => srv.close());

const env = () => ({ BASE_URL: srv.url, ACCESS_KEY: srv.accessKey });

describe(`the built package in Node ${process.version}`, () => {
  it("runs the lifecycle from the ESM bundle", async () => {
    const out = await run(process.execPath, [repoPath("test/kit/runtimes/smoke/run.mjs")], {
      env: env(),
    });
    expectSmoke(lastJson(out), "node");
  });

  it("runs it by package name through the exports map, import condition", async () => {
    const out = await run(
      process.execPath,
      [repoPath("test/kit/runtimes/smoke/self-reference.mjs")],
      {
        env: env(),
      },
    );
    expectSmoke(lastJson(out), "node-esm-exports");
  });

  it("runs it by package name through the exports map, require condition (CommonJS)", async () => {
    const out = await run(
      process.execPath,
      [repoPath("test/kit/runtimes/smoke/self-reference.cjs")],
      {
        env: env(),
      },
    );
    expectSmoke(lastJson(out), "node-cjs-exports:true");
  });
});
