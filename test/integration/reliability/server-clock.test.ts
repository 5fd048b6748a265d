/**
 * Retry-After dates on a server whose clock is off. Dev servers whose injected clock runs three
 * minutes ahead of or behind this machine answer 429 with `Retry-After: <HTTP date>` one second
 * after their own `Date`: the client waits that one second, measured on the server's clock, then
 * succeeds. The expiry helpers read the same server clock through `clockSkewMs`.
 */
import { describe, expect, it } from "vitest";
import { isQuoteExpired, quoteTimeLeftMs } from "../../../src/index.js";
import { OWNER } from "../../kit/devserver/helpers.js";
import { quoteRequestFor, recordingClient, startService } from "../../kit/reliability/service.js";

const MINUTES_3 = 3 * 60_000;

describe.each([
  ["3 minutes ahead", MINUTES_3],
  ["3 minutes behind", -MINUTES_3],
  ["in step", 0],
])("a server %s", (_label, offsetMs) => {
  it("answering 429 with a date one second on is retried after one second", async () => {
    const srv = await startService({ faults: true, clock: () => Date.now() + offsetMs });
    try {
      const { client, retries } = recordingClient(srv.url, { maxRetries: 3 });
      const { intent } = await client.quoteIntent(quoteRequestFor(OWNER));
      const before = srv.stats().requests.GetIntent ?? 0;
      srv.injectFaults([{ operation: "GetIntent", fault: "429-date" }]);
      const t0 = performance.now();
      const { intent: read } = await client.getIntent({ intentId: intent.intentId });
      const waited = performance.now() - t0;
      expect(read.intentId).toBe(intent.intentId);
      expect(retries.map((r) => [r.delayMs, r.error.code])).toEqual([[1_000, 1007]]);
      expect((srv.stats().requests.GetIntent ?? 0) - before).toBe(2);
      expect(waited).toBeGreaterThanOrEqual(990);
      expect(waited).toBeLessThan(5_000);
    } finally {
      await srv.close();
    }
  });

  it("the expiry helpers read the same clock: a fresh quote has about 5 minutes left", async () => {
    const srv = await startService({ clock: () => Date.now() + offsetMs });
    try {
      const { client } = recordingClient(srv.url);
      const { intent } = await client.quoteIntent(quoteRequestFor(OWNER));
      // Measured from the Date headers: within the header's one-second resolution.
      expect(Math.abs(client.clockSkewMs - offsetMs)).toBeLessThanOrEqual(1_500);
      const options = { skewMs: client.clockSkewMs };
      expect(isQuoteExpired(intent, Date.now(), options)).toBe(false);
      const left = quoteTimeLeftMs(intent, Date.now(), options);
      expect(left).toBeGreaterThan(5 * 60_000 - 3_000);
      expect(left).toBeLessThanOrEqual(5 * 60_000 + 1_500);
    } finally {
      await srv.close();
    }
  });
});
