import { afterEach, describe, expect, it, vi } from "vitest";
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

const scan = (text: string, names = BOUND) => scanUnsafeNumbers(text, 10, { ...bounds, names });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("distinct key names, counted on a random sample of the keys", () => {
  it("samples only from twice the floor, refusing past the floor's names in the sample", () => {
    expect(sampleRate(1024)).toBe(1);
    expect(sampleRate(2047)).toBe(1);
    expect(sampleRate(2048)).toBe(2);
    expect(sampleRate(3000)).toBe(3000 / 1024);
    expect(sampleRate(8192)).toBe(8);
  });

  it("refuses at the floor's names plus one in the sample, exactly, whatever the rate", () => {
    const text = object(3 * 8192, (i) => `k${i}`);
    const at = (key: number) => text.indexOf(`"k${key}"`);
    // Every draw takes its key (0 · rate < 1): the sample is every key.
    vi.spyOn(Math, "random").mockReturnValue(0);
    for (const bound of [2048, 3000, 8192])
      expect(scan(text, bound).denseAt).toBe(at(SAMPLE_FLOOR));
    // Below twice the floor every key counts, whatever the draw: refused at the bound plus one.
    vi.spyOn(Math, "random").mockReturnValue(0.99);
    expect(scan(text, 2047).denseAt).toBe(at(2047));
    // At a rate above 1 such a draw takes no key, and nothing is refused.
    expect(scan(text, 2048).denseAt).toBe(-1);
  });

  it("refuses names that never repeat, at four times the bound, every time", () => {
    const text = object(4 * BOUND, (i) => `k${i}`);
    for (let run = 0; run < 5; run++) {
      const s = scan(text);
      // It stops at a key, about where the bound is passed: far before the end.
      expect(text[s.denseAt]).toBe('"');
      expect(s.denseAt).toBeLessThan(text.length / 2);
    }
  });

  it("refuses names set where a sample of every n-th key would not look", () => {
    // Every 64th key (counted from the first and from the last of each 64) repeats one name, the
    // rest never repeat: a fixed stride of 64 would see one name.
    const text = object(4 * BOUND, (i) => (i % 64 === 0 || i % 64 === 63 ? "same" : `k${i}`));
    for (let run = 0; run < 5; run++) expect(scan(text).denseAt).toBeGreaterThan(0);
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
    }
  });
});
