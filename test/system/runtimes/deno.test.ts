/** The built package in Deno, with network access to loopback only: the lifecycle smoke test. */
import { runtimeSmoke } from "../../kit/runtimes/smoke-suite.js";

runtimeSmoke({
  runtime: "deno",
  suite: "the built package in Deno",
  test: "runs the lifecycle from the ESM bundle, with network access to loopback only",
  version: /^deno \d+\.\d+\.\d+/,
  args: (script) => [
    "run",
    "--no-lock",
    "--allow-net=127.0.0.1",
    "--allow-env=BASE_URL,ACCESS_KEY",
    "--allow-read",
    script,
  ],
  env: { DENO_NO_UPDATE_CHECK: "1" },
});
