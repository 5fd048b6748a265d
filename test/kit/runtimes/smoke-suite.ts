/**
 * The lifecycle smoke test of the built package in a JavaScript runtime run as a subprocess (Bun,
 * Deno): the dev server in this process, the runtime's version checked, then
 * `smoke/run.mjs` run there against it and its result checked by `expectSmoke`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { QUICK_SERVER, startServer } from "../server.js";
import { expectSmoke, lastJson, repoPath, requireBuilt, run, runtimeBin } from "./harness.js";

/** What differs from one runtime to the next. */
export interface RuntimeSmoke {
  /** The runtime's binary in the runtime tier, and the name the smoke script reports. */
  runtime: "bun" | "deno";
  /** The `describe` title. */
  suite: string;
  /** The `it` title. */
  test: string;
  /** What `<runtime> --version` prints first. */
  version: RegExp;
  /** The runtime's arguments that run `script`. */
  args(script: string): string[];
  /** Environment beyond the dev server's URL and access key. */
  env?: Record<string, string>;
}

/** Registers the dev server's set-up and the smoke test of `spec.runtime` in this test file. */
export function runtimeSmoke(spec: RuntimeSmoke): void {
  let srv: DevServer;
  beforeAll(async () => {
    requireBuilt();
    srv = await startServer(QUICK_SERVER);
  });
  afterAll(() => srv.close());

  describe(spec.suite, () => {
    it(spec.test, async () => {
      const version = await run(runtimeBin(spec.runtime), ["--version"]);
      expect(version.stdout).toMatch(spec.version);
      const out = await run(
        runtimeBin(spec.runtime),
        spec.args(repoPath("test/kit/runtimes/smoke/run.mjs")),
        { env: { BASE_URL: srv.url, ACCESS_KEY: srv.accessKey, ...spec.env } },
      );
      expectSmoke(lastJson(out), spec.runtime);
    });
  });
}
