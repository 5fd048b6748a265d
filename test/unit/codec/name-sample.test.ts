import { describe, expect, it } from "vitest";
import { SAMPLE_FLOOR, sampleRate } from "../../../src/codec/name-sample.js";
import { scanUnsafeNumbers } from "../../../src/codec/number-tokens.js";

/** A bound large enough to be sampled: one key in 64, refused past 1,024 names in the sample. */
const BOUND = 65_536;
const bounds = { containers: Number.MAX_SAFE_INTEGER, values: Number.MAX_SAFE_INTEGER };

/** An object of `count` keys, key `i` named `name(i)`. */
function object(count: number, name: (i: number) => string): string {
  const members: string[] = [];
  for (let i = 0; i < count; i++) members.push(`"${name(i)}":0`);
  return `{${members.join(",")}}`;
}

const scan = (text: string) => scanUnsafeNumbers(text, 10, { ...bounds, names: BOUND });

describe("distinct key names, counted on a random sample of the keys", () => {
  it("samples only from twice the floor, refusing past the floor's names in the sample", () => {
    expect(sampleRate(1024)).toBe(1);
    expect(sampleRate(2047)).toBe(1);
    expect(sampleRate(2048)).toBe(2);
    expect(sampleRate(3000)).toBe(3000 / 1024);
    expect(sampleRate(8192)).toBe(8);
    // A bound no multiple of the floor: refused at floor + 1 names in the sample, exactly.
    const odd = scanUnsafeNumbers(
      object(4 * 3000, (i) => `k${i}`),
      10,
      { ...bounds, names: 3000 },
    );
    expect(odd.names).toBe((SAMPLE_FLOOR + 1) * (3000 / 1024));
    expect(odd.names).toBeGreaterThan(3000);
  });

  it("refuses names that never repeat, at four times the bound, every time", () => {
    const text = object(4 * BOUND, (i) => `k${i}`);
    for (let run = 0; run < 5; run++) {
      const s = scan(text);
      // The sample's count times the rate: just over the bound.
      expect(s.names).toBe((SAMPLE_FLOOR + 1) * 64);
      // It stops at a key, about where the bound is passed: far before the end.
      expect(text[s.denseAt]).toBe('"');
      expect(s.denseAt).toBeLessThan(text.length / 2);
    }
  });

  it("refuses names set where a sample of every n-th key would not look", () => {
    // Every 64th key (counted from the first and from the last of each 64) repeats one name, the
    // rest never repeat: a fixed stride of 64 would see one name.
    const text = object(4 * BOUND, (i) => (i % 64 === 0 || i % 64 === 63 ? "same" : `k${i}`));
    for (let run = 0; run < 5; run++) expect(scan(text).names).toBeGreaterThan(BOUND);
  });

  it("draws the sample afresh for every text: three scans stop at three places", () => {
    const text = object(4 * BOUND, (i) => `k${i}`);
    const stops = new Set([scan(text).denseAt, scan(text).denseAt, scan(text).denseAt]);
    expect(stops.size).toBeGreaterThan(1);
  });

  it("never refuses a text of at most the floor's names, however often they repeat", () => {
    const one = object(SAMPLE_FLOOR, (i) => `name${i}`);
    const text = `[${Array(64).fill(one).join(",")}]`;
    expect(text.length / 4).toBeGreaterThan(BOUND);
    for (let run = 0; run < 5; run++) {
      const s = scan(text);
      expect([s.denseAt, s.keys]).toEqual([-1, 64 * SAMPLE_FLOOR]);
      expect(s.names).toBeLessThanOrEqual(SAMPLE_FLOOR * 64);
    }
  });
});
