/**
 * The client scans a body before `JSON.parse` and hands the scan to the decoder; when the scan
 * found no integer past 2^53 the decoder walks the bigint paths alone (`tree-walk.ts`) instead of
 * the whole value. Whatever the text, that must decode to exactly what the whole walk makes of it,
 * or fail with the same error: values, bigints, own properties, prototypes.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { compilePaths, decodeWithPaths, encodeWithPaths } from "../../../src/codec/index.js";
import { MAX_DEPTH } from "../../../src/codec/leaf.js";
import { scanUnsafeNumbers } from "../../../src/codec/number-tokens.js";

const tree = compilePaths([
  "salt",
  "quote.fromAmount",
  "quote.toAmount",
  "calls[].value",
  "byToken{}",
  "rows[][]",
  "a.__proto__.x",
]);

type Outcome = { value: unknown } | { error: string };

function outcome(decode: () => unknown): Outcome {
  try {
    return { value: decode() };
  } catch (e) {
    return { error: `${(e as Error).name}: ${(e as Error).message}` };
  }
}

/** Decoded with the client's scan handed over, and without (the whole walk). */
function both(text: string): [Outcome, Outcome] {
  const scanned = scanUnsafeNumbers(text, MAX_DEPTH);
  return [
    outcome(() => decodeWithPaths(text, tree, undefined, scanned)),
    outcome(() => decodeWithPaths(text, tree)),
  ];
}

function expectSame(text: string): Outcome {
  const [withScan, whole] = both(text);
  expect(withScan, text).toStrictEqual(whole);
  return withScan;
}

/** Something a bigint field may hold, good or bad. */
const field = fc.oneof(
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((n) => `"${n}"`),
  fc.bigInt({ min: -(2n ** 52n), max: 2n ** 52n }).map(String),
  fc.constantFrom('"0x10"', '""', "1.5", "1.0", "2e3", "null", "true", '{"x":"1"}', '["1"]'),
  fc.constantFrom("12345678901234567890", "1e400", '"00012"', '"-7"', '" 1"'),
);
/** Members off the bigint paths, exact numbers past 2^53 among them now and then. */
const other = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
  fc.constantFrom("9007199254740993", "-123456789012345678901", "1e21", "0.5"),
);

const doc = fc
  .record({
    salt: field,
    from: field,
    to: field,
    calls: fc.array(fc.tuple(field, other), { maxLength: 3 }),
    map: fc.array(fc.tuple(fc.constantFrom("a", "8453", "__proto__", "b"), field), {
      maxLength: 3,
    }),
    rows: fc.array(fc.array(field, { maxLength: 2 }), { maxLength: 2 }),
    extra: other,
    dup: fc.boolean(),
  })
  .map((d) => {
    const calls = d.calls.map(([v, o]) => `{"value":${v},"data":${o}}`).join(",");
    const map = d.map.map(([k, v]) => `"${k}":${v}`).join(",");
    const rows = d.rows.map((r) => `[${r.join(",")}]`).join(",");
    const dup = d.dup ? `,"salt":${d.from}` : "";
    return `{"salt":${d.salt},"quote":{"fromAmount":${d.from},"toAmount":${d.to},"usd":${d.extra}},"calls":[${calls}],"byToken":{${map}},"rows":[${rows}],"unknown":${d.extra}${dup}}`;
  });

afterEach(() => {
  expect(Object.prototype).not.toHaveProperty("salt");
  expect(Object.prototype).not.toHaveProperty("x");
});

describe("the walk along the bigint paths decodes as the whole walk does", () => {
  it("any document of good and bad fields, both wires, duplicates and map keys included", () => {
    fc.assert(
      fc.property(doc, (text) => {
        expectSame(text);
      }),
      { numRuns: 3000 },
    );
  });

  it("encoded intents on the strings wire, where it is the path taken", () => {
    const amount = fc.bigInt({ min: -(2n ** 256n), max: 2n ** 256n });
    const value = fc.record({
      salt: amount,
      quote: fc.record({ fromAmount: amount, toAmount: amount }),
      calls: fc.array(fc.record({ value: amount, to: fc.string() }), { maxLength: 3 }),
      byToken: fc.dictionary(fc.string({ maxLength: 4 }), amount, { maxKeys: 3 }),
    });
    fc.assert(
      fc.property(value, (v) => {
        const text = encodeWithPaths(v, tree, { bigintAs: "string" });
        expect(scanUnsafeNumbers(text, MAX_DEPTH).spans).toEqual([]);
        expect(expectSame(text)).toEqual({ value: v });
      }),
      { numRuns: 500 },
    );
  });

  it("bad bigint fields are refused with the whole walk's located error", () => {
    const refused = expectSame('{"quote":{"fromAmount":"0x10"},"calls":[{"value":"1"}]}');
    expect(refused).toEqual({ error: expect.stringMatching(/at \$\.quote\.fromAmount/) });
    expect(expectSame('{"calls":[{"value":1.5}]}')).toEqual({
      error: expect.stringMatching(/at \$\.calls\[0\]\.value/),
    });
  });

  it("a number past the largest double off the paths is still refused", () => {
    expect(expectSame('{"salt":"1","unknown":[1e400]}')).toEqual({
      error: expect.stringContaining("past the largest double"),
    });
    expect(expectSame('{"salt":"1","quote":1e400}')).toEqual({
      error: expect.stringContaining("past the largest double"),
    });
  });

  it("reads own members only: not a name someone added to Object.prototype", () => {
    for (const enumerable of [true, false]) {
      Object.defineProperty(Object.prototype, "salt", {
        value: "5",
        enumerable,
        configurable: true,
        writable: true,
      });
      try {
        const seen = expectSame('{"quote":{"fromAmount":"7"}}');
        const value = (seen as { value: Record<string, unknown> }).value;
        expect(Object.hasOwn(value, "salt")).toBe(false);
        expect(value.quote).toEqual({ fromAmount: 7n });
      } finally {
        delete (Object.prototype as Record<string, unknown>).salt;
      }
    }
  });

  it("a __proto__ member on a path is an own member, and no prototype changes", () => {
    const seen = expectSame('{"a":{"__proto__":{"x":"6"}},"b":{}}');
    const a = (seen as { value: { a: object } }).value.a;
    expect(Object.getPrototypeOf(a)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(a, "__proto__")?.value).toEqual({ x: 6n });
    // Without the member, the path reads nothing from the prototype.
    expect(expectSame('{"a":{"y":"1"}}')).toEqual({ value: { a: { y: "1" } } });
  });
});
