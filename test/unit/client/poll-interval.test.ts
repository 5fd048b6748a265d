import { describe, expect, it } from "vitest";
import {
  DEFAULT_POLL_INTERVAL_MS,
  MAX_POLL_INTERVAL_MS,
  nextPollInterval,
} from "../../../src/lifecycle/poll-interval.js";

/** The waits after `n` reads that all showed no change, from a first interval of `base`. */
function unchangedWaits(base: number, n: number): number[] {
  const waits = [base];
  while (waits.length < n) waits.push(nextPollInterval(waits.at(-1) ?? base, false, base));
  return waits;
}

describe("nextPollInterval", () => {
  it("grows ×1.5 per read without a change, up to 5 s", () => {
    expect(DEFAULT_POLL_INTERVAL_MS).toBe(500);
    expect(MAX_POLL_INTERVAL_MS).toBe(5_000);
    expect(unchangedWaits(500, 9)).toEqual([
      500, 750, 1125, 1687.5, 2531.25, 3796.875, 5000, 5000, 5000,
    ]);
  });
  it("returns to the first interval after a change, wherever it had grown to", () => {
    for (const previous of [500, 1125, 5000])
      expect(nextPollInterval(previous, true, 500)).toBe(500);
    expect(nextPollInterval(5, true, 5)).toBe(5);
  });
  it("never shortens a first interval the caller set above the ceiling", () => {
    expect(unchangedWaits(8_000, 3)).toEqual([8_000, 8_000, 8_000]);
    expect(nextPollInterval(8_000, true, 8_000)).toBe(8_000);
  });
  it("keeps growing from a tiny first interval", () => {
    const waits = unchangedWaits(1, 30);
    for (let i = 1; i < waits.length; i++)
      expect(waits[i]).toBe(Math.min((waits[i - 1] ?? 0) * 1.5, 5_000));
    expect(waits.at(-1)).toBe(5_000);
  });
});
