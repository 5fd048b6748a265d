/**
 * Entry of `npm run demo` (`tsx src/demo/main.ts`): runs the demo with this process's arguments,
 * output and environment, and exits with its code.
 */
import { runDemo } from "./run.js";

process.exitCode = await runDemo(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
