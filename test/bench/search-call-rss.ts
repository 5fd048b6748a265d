/**
 * Child process of the search bench: one SearchIntents answer read once, either with `fetch` and
 * `res.json()` or through the client, then the peak resident set size of the process (`maxRSS`)
 * printed as JSON.
 * Usage: node --expose-gc --import tsx test/bench/search-call-rss.ts <raw|client> <url>
 */
import { createClient } from "../../src/index.js";
import { SEARCH_REQUEST } from "./fixtures.js";

const [variant = "", url = ""] = process.argv.slice(2);
(globalThis as { gc?: () => void }).gc?.();
let value: unknown;
if (variant === "raw") {
  const res = await fetch(`${url}/rpc/Service/SearchIntents`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-access-key": "bench-key" },
    body: JSON.stringify(SEARCH_REQUEST),
  });
  value = await res.json();
} else {
  const client = createClient({ baseUrl: url, accessKey: "bench-key", maxResponseBytes: 2 ** 30 });
  value = await client.searchIntents(SEARCH_REQUEST);
}
const peak = process.resourceUsage().maxRSS * 1024;
process.stdout.write(`${JSON.stringify({ variant, peak, kept: value !== undefined })}\n`);
