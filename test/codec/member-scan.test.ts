/**
 * `scanMemberNumbers` (the values after keys' colons) against `scanUnsafeNumbers` (the whole text):
 * on texts with no number inside an array it sees every key and every member token the full scan
 * sees, possibly more (a string that begins with a colon), never fewer, and never misses a whole
 * fraction. The one-traversal decode relies on exactly that.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scanMemberNumbers, scanUnsafeNumbers } from "../../src/codec/number-tokens.js";

const numberToken = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.bigInt({ min: 2n ** 53n - 5n, max: 10n ** 25n }).map(String),
  fc.bigInt({ min: -(10n ** 22n), max: -(2n ** 53n) }).map(String),
  fc.constantFrom(
    "21000.0",
    "1.5",
    "2e3",
    "2.1E+4",
    "0.99999999999999999",
    "1e20",
    "-0",
    "9007199254740993.0",
  ),
);
const stringBody = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    ":12345678901234567890",
    " : 21000.0",
    "10:30:00.000Z",
    'a\\":99999999999999999999',
    "\\\\",
    '\\"',
    "https://x.example:8443/a",
  ),
);
const stringToken = stringBody.map((s) => JSON.stringify(s).replace(/\\\\\\\\/g, "\\\\"));
const gap = fc.constantFrom("", " ", "\n  ", "\t");

/** A JSON text of nested objects (no arrays), with keys and white space chosen at random. */
const objectText = fc.letrec<{ value: string; object: string }>((tie) => ({
  value: fc.oneof({ depthSize: "small" }, numberToken, stringToken, tie("object")),
  object: fc
    .array(fc.tuple(stringToken, gap, gap, tie("value")), { maxLength: 5 })
    .map((members) => `{${members.map(([k, a, b, v]) => `${k}${a}:${b}${v}`).join(",")}}`),
})).object;

describe("scanMemberNumbers", () => {
  it("never sees fewer keys or tokens than the full scan, never misses a whole fraction", () => {
    fc.assert(
      fc.property(objectText, (text) => {
        JSON.parse(text); // the generator writes JSON
        const full = scanUnsafeNumbers(text);
        const member = scanMemberNumbers(text);
        expect(member.keys).toBeGreaterThanOrEqual(full.keys);
        const plainFull = [];
        for (let j = 0; j < full.spans.length; j += 2) {
          if ((full.spans[j] as number) >= 0)
            plainFull.push(`${full.spans[j]}-${full.spans[j + 1]}`);
        }
        const seen = new Set<string>();
        for (let j = 0; j < member.spans.length; j += 2) {
          if ((member.spans[j] as number) >= 0)
            seen.add(`${member.spans[j]}-${member.spans[j + 1]}`);
        }
        for (const span of plainFull) expect(seen.has(span)).toBe(true);
        if (full.integralFraction) expect(member.integralFraction).toBe(true);
        // Without a colon inside any string, both scans agree exactly.
        const strings = text.match(/"(?:[^"\\]|\\.)*"/g) ?? [];
        if (!strings.some((q) => q.includes(":"))) {
          expect(member.keys).toBe(full.keys);
          expect(seen.size).toBe(new Set(plainFull).size);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("skips colons inside strings that are not right after an opening quote", () => {
    const text = '{"at":"10:30:00.000","url":"https://x.example:12345678901234567890","n":21000}';
    expect(scanMemberNumbers(text)).toEqual({ spans: [], integralFraction: false, keys: 3 });
  });

  it("counts a string that begins with a colon as a key: too many, never too few", () => {
    const text = '{"a":": 12345678901234567890"}';
    const member = scanMemberNumbers(text);
    expect(member.keys).toBe(2);
    expect(member.spans).toEqual([8, 28]);
    expect(scanUnsafeNumbers(text).keys).toBe(1);
  });

  it("takes an escaped quote before a colon for string content, an escaped backslash not", () => {
    expect(scanMemberNumbers('{"a":"x\\":12345678901234567890"}').spans).toEqual([]);
    const keyEndingInBackslash = '{"a\\\\":12345678901234567890}';
    expect(scanMemberNumbers(keyEndingInBackslash)).toEqual({
      spans: [7, 27],
      integralFraction: false,
      keys: 1,
    });
  });

  it("sees whole fractions and exponents after white space", () => {
    expect(scanMemberNumbers('{"a" :\n 21000.0}').integralFraction).toBe(true);
    expect(scanMemberNumbers('{"a": 2.1e4}').integralFraction).toBe(true);
    expect(scanMemberNumbers('{"a": 1.5, "b": 1234.5678901234567}').integralFraction).toBe(false);
  });
});
