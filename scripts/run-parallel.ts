/**
 * `tsx scripts/run-parallel.ts <script>…`: runs the named npm scripts at the same time (they are
 * independent checks: generated code, import cycles, types, lint, build), each with its output
 * kept apart, then prints one line per script with its time, and the whole output of each script
 * that failed. Exits with 1 when any failed, so `npm test` stops before the tests.
 */
import { spawn } from "node:child_process";

/** What one script did. */
interface Outcome {
  name: string;
  code: number | null;
  output: string;
  seconds: number;
}

/** Runs `npm run -s <name>`, its stdout and stderr kept together. */
function run(name: string): Promise<Outcome> {
  const started = performance.now();
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const child = spawn(npm, ["run", "-s", name], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (b: Buffer) => {
    output += b.toString();
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  return new Promise((resolve) => {
    const done = (code: number | null) =>
      resolve({ name, code, output, seconds: (performance.now() - started) / 1000 });
    child.once("error", (e) => {
      output += String(e);
      done(1);
    });
    child.once("close", done);
  });
}

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write("usage: tsx scripts/run-parallel.ts <npm script>…\n");
  process.exit(2);
}
const outcomes = await Promise.all(names.map(run));
for (const o of outcomes)
  process.stdout.write(`${o.code === 0 ? "ok  " : "FAIL"} ${o.name} (${o.seconds.toFixed(1)} s)\n`);
const failed = outcomes.filter((o) => o.code !== 0);
for (const o of failed) process.stdout.write(`\n--- ${o.name} (exit ${o.code}) ---\n${o.output}`);
process.exit(failed.length === 0 ? 0 : 1);
