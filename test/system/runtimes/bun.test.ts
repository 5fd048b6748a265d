/** The built package in Bun: the lifecycle smoke test from the ESM bundle. */
import { runtimeSmoke } from "../../kit/runtimes/smoke-suite.js";

runtimeSmoke({
  runtime: "bun",
  suite: "the built package in Bun",
  test: "runs the lifecycle from the ESM bundle",
  version: /^\d+\.\d+\.\d+/,
  args: (script) => [script],
});
