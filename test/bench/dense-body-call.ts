/**
 * Child process of the dense-bodies bench: reads one body from a file, answers a Ping with it
 * through the client, and prints the outcome (`ok` or the error's name), the call's wall time and
 * the process's peak RSS (`maxRSS`, the body's own text included) as JSON.
 * Usage: node --expose-gc --import tsx test/bench/dense-body-call.ts <file>
 */
import { readFileSync } from "node:fs";
import { createClient } from "../../src/index.js";

const [file = ""] = process.argv.slice(2);
const text = readFileSync(file, "utf8");
(globalThis as { gc?: () => void }).gc?.();
const client = createClient({
  baseUrl: "http://127.0.0.1:1",
  fetch: async () => new Response(text, { headers: { "content-type": "application/json" } }),
  timeoutMs: 2_000,
  retry: false,
});
const started = performance.now();
let outcome = "ok";
try {
  await client.ping();
} catch (e) {
  outcome = (e as Error).name;
}
const ms = performance.now() - started;
const peak = process.resourceUsage().maxRSS * 1024;
process.stdout.write(`${JSON.stringify({ outcome, ms, peak })}\n`);
