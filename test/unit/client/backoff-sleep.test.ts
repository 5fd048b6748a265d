import { describe, expect, it } from "vitest";
import { sleep } from "../../../src/client/wait.js";
import { backoffDelay } from "../../../src/retry/backoff.js";

describe("backoffDelay", () => {
  const bounds = { baseDelayMs: 500, maxDelayMs: 3000 };
  it("grows exponentially under full jitter and is capped", () => {
    expect(backoffDelay(0, bounds, () => 0.5)).toBe(250);
    expect(backoffDelay(1, bounds, () => 0.5)).toBe(500);
    expect(backoffDelay(2, bounds, () => 0.5)).toBe(1000);
    expect(backoffDelay(5, bounds, () => 0.5)).toBe(1500);
    expect(backoffDelay(30, bounds, () => 0.999)).toBeLessThan(3000);
  });
  it("stays within [0, ceiling) whatever the random source says", () => {
    for (const r of [0, -1, Number.NaN, 1, 2]) {
      const d = backoffDelay(1, bounds, () => r);
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThan(1000);
    }
  });
});

describe("sleep", () => {
  it("resolves after the delay", async () => {
    const t0 = performance.now();
    await sleep(20);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(15);
  });
  it("rejects at once on abort, with the signal's reason", async () => {
    const ctl = new AbortController();
    const t0 = performance.now();
    const p = sleep(10_000, ctl.signal);
    setTimeout(() => ctl.abort(new Error("stop")), 10);
    await expect(p).rejects.toThrow("stop");
    expect(performance.now() - t0).toBeLessThan(2000);
  });
  it("rejects immediately when already aborted", async () => {
    await expect(sleep(10_000, AbortSignal.abort(new Error("gone")))).rejects.toThrow("gone");
  });
});
