/**
 * The dev server for the per-call bench, in its own process so that it does not share the
 * client's event loop: starts on a loopback port with the rate limit off, quotes one intent, and
 * prints `{url, accessKey, intentId}` as one JSON line on stdout. Runs until killed.
 */
import { startDevServer } from "../../src/devserver/index.js";

const srv = await startDevServer({ rateLimit: false });
const res = await fetch(`${srv.url}/rpc/Service/QuoteIntent`, {
  method: "POST",
  headers: { "content-type": "application/json", "x-access-key": srv.accessKey },
  body: JSON.stringify({
    ownerAddress: "0x2222222222222222222222222222222222222222",
    originChainId: 42161,
    originTokenAddress: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
    destinationChainId: 8453,
    destinationTokenAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    tradeType: "EXACT_INPUT",
    originTokenAmount: "250000000",
  }),
});
const { intent } = (await res.json()) as { intent: { intentId: string } };
process.stdout.write(
  `${JSON.stringify({ url: srv.url, accessKey: srv.accessKey, intentId: intent.intentId })}\n`,
);
process.on("SIGTERM", () => {
  srv.close().finally(() => process.exit(0));
});
