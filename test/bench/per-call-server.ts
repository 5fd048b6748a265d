/**
 * The dev server for the per-call bench, in its own process so that it does not share the
 * client's event loop: starts on a loopback port with the rate limit off, quotes one intent, and
 * prints `{url, accessKey, intentId}` as one JSON line on stdout. Runs until killed.
 */
import { startDevServer } from "../../src/devserver/index.js";
import { BENCH_QUOTE_BODY } from "./quote-body.js";

const srv = await startDevServer({ rateLimit: false });
const res = await fetch(`${srv.url}/rpc/Service/QuoteIntent`, {
  method: "POST",
  headers: { "content-type": "application/json", "x-access-key": srv.accessKey },
  body: BENCH_QUOTE_BODY,
});
const { intent } = (await res.json()) as { intent: { intentId: string } };
process.stdout.write(
  `${JSON.stringify({ url: srv.url, accessKey: srv.accessKey, intentId: intent.intentId })}\n`,
);
process.on("SIGTERM", () => {
  srv.close().finally(() => process.exit(0));
});
