import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseExact } from "../../../src/codec/exact-parse.js";
import {
  compilePaths,
  decodeWithPaths,
  encodeWithPaths,
  JsonEncodeError,
  stringifyJson,
} from "../../../src/codec/index.js";
import { scanUnsafeNumbers } from "../../../src/codec/number-tokens.js";

const tree = compilePaths(["amount", "n.amount", "list[].amount", "m{}"]);

/** Integers that often share a double with different digits, and ones that do not. */
const base = 12345678901234567890n;
const integer = fc.oneof(
  fc.bigInt({ min: base - 600n, max: base + 600n }),
  fc.bigInt({ min: -(base + 600n), max: -(base - 600n) }),
  fc.bigInt({ min: 2n ** 53n - 3n, max: 2n ** 53n + 3n }),
  fc.constantFrom(9223372036854775807n, 10n ** 16n, 2n ** 64n, 10n ** 21n, 10n ** 30n + 1n),
  fc.bigInt({ min: -1000n, max: 1000n }),
);
const leaf = fc.oneof(
  integer.map(String),
  integer.map((n) => `"${n}"`),
  fc.constantFrom("1.5", "0.1", "true", "null", '"12345678901234567890\\"x"', '"a:1"'),
  // Whole numbers in fraction or exponent form, and past the largest double.
  fc.constantFrom("1.0", "2e3", "12345678901234567890.0", "1e400", "-1e400"),
);
/** Keys that collide: same names at several depths, duplicates, array-index keys. */
const key = fc.constantFrom("amount", "amount", "n", "list", "m", "other", "7", "__proto__");

/** JSON text (not a value: duplicate keys are written as such). */
const { json } = fc.letrec<{ json: string; object: string; array: string }>((tie) => ({
  json: fc.oneof({ depthSize: "small" }, leaf, tie("object"), tie("array")),
  object: fc
    .array(fc.tuple(key, tie("json")), { maxLength: 5 })
    .map((members) => `{${members.map(([k, v]) => `"${k}":${v}`).join(",")}}`),
  array: fc.array(tie("json"), { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
}));
const document = fc
  .array(fc.tuple(key, json), { maxLength: 6 })
  .map((members) => `{${members.map(([k, v]) => `"${k}":${v}`).join(",")}}`);

/** The decoder's answer, or the error's path. */
function outcome(f: () => unknown): unknown {
  try {
    return { value: f() };
  } catch (e) {
    return { error: (e as { path?: string }).path ?? String(e) };
  }
}

describe("every integer exact: the fast path against the exact parser", () => {
  it("agrees on documents with same-named fields, duplicate keys and values sharing a double", () => {
    fc.assert(
      fc.property(document, (text) => {
        const exact = outcome(() => parseExact(text, tree));
        const fast = outcome(() => decodeWithPaths(text, tree));
        // The client's path: the text scanned first, digits taken during the walk.
        const scanned = outcome(() =>
          decodeWithPaths(text, tree, undefined, scanUnsafeNumbers(text)),
        );
        expect(scanned).toEqual(fast);
        // The exact parser refuses an invalid bigint even in a duplicate that JSON.parse drops;
        // wherever it accepts the text, the fast path must give the very same value.
        if ("value" in (exact as object)) expect(fast).toEqual(exact);
        else if ("value" in (fast as object)) expect(text).toMatch(/"(\w+)":.*"\1":/);
        else expect(fast).toHaveProperty("error"); // both refuse (each may name another field)
      }),
      { numRuns: 3000 },
    );
  });

  it("re-encodes every integer with the digits it was read with", () => {
    const plain = fc
      .array(fc.tuple(fc.constantFrom("amount", "other", "id", "x"), integer), { maxLength: 6 })
      .map((members) => {
        const seen = new Set<string>();
        return members.filter(([k]) => !seen.has(k) && seen.add(k));
      });
    fc.assert(
      fc.property(plain, fc.boolean(), (members, nested) => {
        const body = `{${members.map(([k, n]) => `"${k}":${n}`).join(",")}}`;
        const text = nested ? `{"n":${body},"u":[${body}]}` : body;
        const decoded = decodeWithPaths(text, tree);
        expect(encodeWithPaths(decoded, tree)).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("ids and unknown fields past 2^53", () => {
  it("round-trip through decode and encode with every digit", () => {
    const text =
      '{"intent":{"id":9223372036854775807,"projectId":9007199254740993,"salt":1,"extra":{"big":123456789012345678901234567890}}}';
    const t = compilePaths(["intent.salt"]);
    const v = decodeWithPaths(text, t) as { intent: Record<string, unknown> };
    expect(v.intent.id).toBe(9223372036854775807n);
    expect(v.intent.projectId).toBe(9007199254740993n);
    expect(v.intent.extra).toEqual({ big: 123456789012345678901234567890n });
    expect(encodeWithPaths(v, t)).toBe(text);
    expect(encodeWithPaths(v, t, { bigintAs: "string" })).toBe(
      text.replace('"salt":1', '"salt":"1"'),
    );
  });
});

describe("numbers in bigint fields of a request", () => {
  const t = compilePaths(["intent.salt", "amounts[]"]);

  it.each([
    [2 ** 60 + 1, "$.intent.salt"],
    [1e30, "$.intent.salt"],
    [1.5, "$.intent.salt"],
    [Number.NaN, "$.intent.salt"],
    [Number.POSITIVE_INFINITY, "$.intent.salt"],
  ])("refuses %s, naming the path", (n, path) => {
    try {
      encodeWithPaths({ intent: { salt: n } }, t);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(JsonEncodeError);
      expect((e as JsonEncodeError).path).toBe(path);
      expect((e as Error).message).toContain("is not a safe integer");
    }
  });

  it("names array elements in the path", () => {
    expect(() => encodeWithPaths({ amounts: [1, 2 ** 53] }, t)).toThrow(/\$\.amounts\[1\]/);
  });

  it("accepts safe integers in both modes", () => {
    const v = { intent: { salt: Number.MAX_SAFE_INTEGER }, amounts: [-5] };
    expect(encodeWithPaths(v, t)).toBe('{"intent":{"salt":9007199254740991},"amounts":[-5]}');
    expect(encodeWithPaths(v, t, { bigintAs: "string" })).toBe(
      '{"intent":{"salt":"9007199254740991"},"amounts":["-5"]}',
    );
  });

  it("uses the generated table: a userNonce sent as a number past 2^53 is refused", () => {
    const req = { depositSignature: { userNonce: 2 ** 60 + 1 } };
    expect(() => stringifyJson(req, "ExecuteIntentRequest")).toThrow(JsonEncodeError);
  });
});
