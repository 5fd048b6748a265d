import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseExact } from "../../../src/codec/exact-parse.js";
import {
  compilePaths,
  decodeWithPaths,
  encodeWithPaths,
  JsonDecodeError,
} from "../../../src/codec/index.js";
import { MAX_INTEGER_DIGITS } from "../../../src/codec/leaf.js";
import { scanUnsafeNumbers } from "../../../src/codec/number-tokens.js";

/** A decimal integer of at most `MAX_INTEGER_DIGITS` digits after its leading zeros. */
const isDecimalInteger = (s: string) =>
  /^-?[0-9]+$/.test(s) &&
  s.replace(/^-/, "").replace(/^0+(?=[0-9])/, "").length <= MAX_INTEGER_DIGITS;

const tree = compilePaths([
  "salt",
  "quote.fromAmount",
  "quote.toAmount",
  "calls[].value",
  "calls[].gasLimit",
  "byToken{}",
  "rows[][]",
]);

const max = 2n ** 256n - 1n;
/** Any bigint of the range, with small ones, ones near 2^53 and huge ones all likely. */
const amount = fc.oneof(
  fc.bigInt({ min: -max, max }),
  fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }),
  fc.bigInt({ min: 2n ** 53n - 10n, max: 2n ** 53n + 10n }),
  fc.bigInt({ min: -1000n, max: 1000n }),
);
const hex = fc.uint8Array({ maxLength: 40 }).map((b) => `0x${Buffer.from(b).toString("hex")}`);
const usd = fc
  .double({ noNaN: true, noDefaultInfinity: true })
  .map((x) => (Object.is(x, -0) ? 0 : x));

const intentLike = fc.record(
  {
    salt: amount,
    intentId: hex,
    chainId: fc.integer({ min: 1, max: 100000 }),
    quote: fc.record({ fromAmount: amount, toAmount: amount, fromAmountUsd: usd }),
    calls: fc.array(fc.record({ to: hex, value: amount, gasLimit: amount, data: hex }), {
      maxLength: 4,
    }),
    byToken: fc.dictionary(fc.string({ maxLength: 8 }), amount, { maxKeys: 3 }),
    rows: fc.array(fc.array(amount, { maxLength: 3 }), { maxLength: 3 }),
    // JSON has no negative zero: what a server can send is what survives JSON.stringify.
    unknown: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown),
  },
  { requiredKeys: ["salt", "quote", "calls"] },
);

describe("decode is exact and encode → decode is the identity", () => {
  it.each(["number", "string"] as const)("bigints as %ss", (bigintAs) => {
    fc.assert(
      fc.property(intentLike, (value) => {
        const text = encodeWithPaths(value, tree, { bigintAs });
        const decoded = decodeWithPaths(text, tree);
        expect(decoded).toEqual(value);
        expect(decoded).toEqual(parseExact(text, tree));
        expect(encodeWithPaths(decoded, tree, { bigintAs })).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});

describe("long integers outside the bigint fields", () => {
  it("stay exact too, even when they round to the same double as a bigint field", () => {
    const near = fc.tuple(amount, fc.bigInt({ min: -3000n, max: 3000n }));
    fc.assert(
      fc.property(near, fc.boolean(), ([fromAmount, delta], before) => {
        // `other` often rounds to the same double as `fromAmount` with different digits.
        const other = fromAmount + delta;
        const quote = before ? { other, fromAmount } : { fromAmount, other };
        const text = encodeWithPaths({ salt: 1n, quote, calls: [] }, undefined);
        const decoded = decodeWithPaths(text, tree) as { quote: Record<string, unknown> };
        expect(decoded.quote.fromAmount).toBe(fromAmount);
        const safe = other >= -(2n ** 53n - 1n) && other <= 2n ** 53n - 1n;
        expect(decoded.quote.other).toBe(safe ? Number(other) : other);
        expect(encodeWithPaths(decoded, tree)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});

describe("decimal strings and numbers decode the same", () => {
  it("for any bigint", () => {
    fc.assert(
      fc.property(amount, (n) => {
        expect(decodeWithPaths(`{"salt":${n}}`, tree)).toEqual({ salt: n });
        expect(decodeWithPaths(`{"salt":"${n}"}`, tree)).toEqual({ salt: n });
      }),
      { numRuns: 500 },
    );
  });
});

describe("decimal strings in bigint fields (the walk's one-pass check)", () => {
  /** Strings near the edges of what `BigInt` and the decimal rule accept. */
  const piece = fc.constantFrom(
    " ",
    "-",
    "+",
    "0",
    "1",
    "9",
    "x",
    "b",
    "o",
    "_",
    "e",
    ".",
    "\n",
    "\u00a0",
    "٣",
  );
  const text = fc.oneof(
    fc.array(piece, { maxLength: 6 }).map((p) => p.join("")),
    fc.string({ maxLength: 8 }),
    fc
      .constantFrom(MAX_INTEGER_DIGITS, MAX_INTEGER_DIGITS + 1)
      .chain((n) => fc.constantFrom("", "-").map((sign) => `${sign}${"7".repeat(n)}`)),
  );

  it("accepts exactly the decimal integers, and refuses the rest with a JsonDecodeError", () => {
    fc.assert(
      fc.property(text, (s) => {
        const body = `{"salt":${JSON.stringify(s)}}`;
        if (isDecimalInteger(s)) expect(decodeWithPaths(body, tree)).toEqual({ salt: BigInt(s) });
        else {
          expect(() => decodeWithPaths(body, tree)).toThrow(JsonDecodeError);
          expect(() => decodeWithPaths(body, tree)).toThrow(/^Expected an integer .* at \$\.salt/);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the scan parses only the fractions that may be whole", () => {
  const digits = (min: number, max: number) =>
    fc
      .array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max })
      .map((d) => d.join(""));
  const integerPart = fc.oneof(
    fc.constant("0"),
    fc.tuple(fc.integer({ min: 1, max: 9 }), digits(0, 22)).map(([a, b]) => `${a}${b}`),
    fc.tuple(fc.integer({ min: 1, max: 9 }), digits(12, 22)).map(([a, b]) => `${a}${b}`),
  );
  const fraction = fc.oneof(
    digits(1, 25),
    fc
      .tuple(fc.constantFrom("0", "9"), fc.integer({ min: 1, max: 30 }), digits(0, 6))
      .map(([d, n, tail]) => `${d.repeat(n)}${tail}`),
  );
  const token = fc
    .tuple(fc.boolean(), integerPart, fraction)
    .map(([negative, i, f]) => `${negative ? "-" : ""}${i}.${f}`);

  it("flags every fraction token whose value JSON.parse makes whole", () => {
    fc.assert(
      fc.property(token, (t) => {
        const whole = Number.isInteger(JSON.parse(t));
        if (whole) expect(scanUnsafeNumbers(`[${t}]`).integralFraction).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });

  it("in particular near 1, near 2^53 and past it", () => {
    for (const t of [
      "0.99999999999999999",
      "9007199254740991.5",
      "9007199254740993.1",
      "21000.0",
      "1.00000000000000001",
      "5.000000000000000000001",
    ]) {
      expect(scanUnsafeNumbers(`[${t}]`).integralFraction, t).toBe(true);
    }
    expect(scanUnsafeNumbers("[1234.5678901234567,0.9999,5.99]").integralFraction).toBe(false);
  });
});
