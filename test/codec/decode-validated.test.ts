/**
 * The one-traversal decode (`decodeValidated`) against the reference path (`parseJson`, then the
 * validator called plainly): it either gives up (`UNDECIDED`) or returns exactly what the reference
 * returns, and it gives up whenever the reference throws or the validator refuses. Documents are
 * the bench's (`test/bench/data.ts`), mutated where the fast path takes shortcuts: mixed wires,
 * unknown members (same-named ones whose integers round to the same double), duplicate keys,
 * members out of schema order, fractions and exponents, numbers past 2^53 in every kind of field.
 */
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Validator,
  validateCommitIntentRequest,
  validateQuoteIntentResponse,
  validateSearchIntentsResponse,
} from "../../generated/validators.js";
import { internalsOf } from "../../src/client/base-client.js";
import { decodeResponse } from "../../src/client/decode.js";
import { decodeValidated, UNDECIDED } from "../../src/codec/decode-validated.js";
import { JsonDecodeError, parseJson } from "../../src/codec/index.js";
import { MAX_DEPTH } from "../../src/codec/limits.js";
import { createClient, ResponseValidationError, WebrpcBadResponseError } from "../../src/index.js";
import {
  createRandom,
  makeIntent,
  makeQuoteResponse,
  toNumbersWire,
  toStringsWire,
} from "../bench/data.js";

type Obj = Record<string, unknown>;
type Kind = "quote" | "search";

const TYPES: Record<Kind, { name: string; validator: Validator }> = {
  quote: { name: "QuoteIntentResponse", validator: validateQuoteIntentResponse },
  search: { name: "SearchIntentsResponse", validator: validateSearchIntentsResponse },
};

/** The reference path: `{ value }` when it decodes and the plain validator accepts, else `undefined`. */
function reference(text: string, kind: Kind): { value: unknown } | undefined {
  const { name, validator } = TYPES[kind];
  let value: unknown;
  try {
    value = parseJson(text, name);
  } catch (e) {
    if (e instanceof JsonDecodeError) return undefined;
    throw e;
  }
  return validator(value) ? { value } : undefined;
}

const counts = { decided: 0, undecided: 0, refused: 0 };

/** THE INVARIANT for one text; returns whether the fast path decided. */
function checkInvariant(text: string, kind: Kind): boolean {
  const ref = reference(text, kind);
  const fast = decodeValidated(text, TYPES[kind].validator);
  if (ref === undefined) counts.refused++;
  if (fast === UNDECIDED) {
    counts.undecided++;
    return false;
  }
  counts.decided++;
  if (ref === undefined) throw new Error(`fast path decided a text the reference refuses: ${text}`);
  if (!isDeepStrictEqual(fast, ref.value)) {
    expect(fast).toEqual(ref.value); // shows the difference
    throw new Error(`fast path differs from the reference (bigint vs number?): ${text}`);
  }
  return true;
}

function makeDoc(kind: Kind, seed: number, intents: number): Obj {
  if (kind === "quote") return makeQuoteResponse(seed) as unknown as Obj;
  const r = createRandom(seed);
  return { intents: Array.from({ length: intents }, (_, i) => makeIntent(r, i)) };
}

/** Every plain object of a value, and every (holder, key) of a bigint. */
function collect(value: unknown, objects: Obj[], bigints: [Obj, string][]): void {
  if (Array.isArray(value)) {
    for (const v of value) collect(v, objects, bigints);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  const obj = value as Obj;
  objects.push(obj);
  for (const k of Object.keys(obj)) {
    if (typeof obj[k] === "bigint") bigints.push([obj, k]);
    else collect(obj[k], objects, bigints);
  }
}

/** An integer of the same double as `b` (past 2^53), with other digits. */
function sameDouble(b: bigint): bigint {
  const up = b + 1n;
  return Number(up) === Number(b) ? up : b - 1n;
}

/** Sets `key` of `obj` as an own property, first or last among its members. */
function setMember(obj: Obj, key: string, value: unknown, first: boolean): void {
  const entries = Object.entries(obj);
  for (const k of Object.keys(obj)) delete obj[k];
  const put = (k: string, v: unknown) =>
    Object.defineProperty(obj, k, {
      value: v,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  if (first) put(key, value);
  for (const [k, v] of entries) if (!(k === key && first)) put(k, v);
  if (!first) put(key, value);
}

const BIG = [
  2n ** 53n + 1n,
  10n ** 20n + 7n,
  12345678901234567890n,
  -(2n ** 63n),
  2n ** 64n - 1n,
  2n ** 53n,
];
/** Marks a member name to be written as a duplicate of the unmarked name. */
const DUP = "\u0002dup";
const A = 12345678901234567890n;
const A2 = 12345678901234567891n; // the same double as A
const UNKNOWN_KEYS = ["zz", "__proto__", "0", "amount", "fromAmount", "id", "x y", "salt"];

function unknownValue(r: ReturnType<typeof createRandom>, depth = 0): unknown {
  switch (r.int(depth > 2 ? 6 : 9)) {
    case 0:
      return r.int(1000) - 500;
    case 1:
      return r.pick(BIG);
    case 2:
      return r.pick([0.5, 1.25e-7, 1234.5678901234567, 1e20, 21000.0, -0.0]);
    case 3:
      return r.pick([
        '"key":123',
        'a \\" b',
        '"amount": 12345678901234567890',
        "x:y:z",
        '": 9007199254740993',
        "\\",
      ]);
    case 4:
      return r.pick([true, false, null]);
    case 5:
      return r.hex(4);
    case 6:
      return Array.from({ length: r.int(3) }, () => unknownValue(r, depth + 1));
    default: {
      const o: Obj = {};
      for (let i = r.int(3); i > 0; i--) {
        setMember(o, r.pick(UNKNOWN_KEYS), unknownValue(r, depth + 1), r.int(2) === 0);
      }
      return o;
    }
  }
}

const VALUE_MUTATIONS = [
  "unknown",
  "shadow",
  "samePair",
  "reorder",
  "swapPair",
  "dupFar",
  "bigId",
  "bigChainId",
  "bigAmount",
] as const;
const TEXT_MUTATIONS = ["duplicate", "fraction", "usd", "spaces"] as const;
type Mutation = (typeof VALUE_MUTATIONS)[number] | (typeof TEXT_MUTATIONS)[number];

function mutateValue(doc: Obj, m: Mutation, r: ReturnType<typeof createRandom>): void {
  const objects: Obj[] = [];
  const bigints: [Obj, string][] = [];
  collect(doc, objects, bigints);
  const intent = (doc.intent ?? (doc.intents as Obj[])[0]) as Obj;
  switch (m) {
    case "unknown":
      setMember(r.pick(objects), r.pick(UNKNOWN_KEYS), unknownValue(r), r.int(2) === 0);
      return;
    case "shadow": {
      // An unknown object before a known bigint field, with a member of the same name whose
      // integer rounds to the same double but has other digits.
      const [holder, key] = r.pick(bigints);
      let b = holder[key] as bigint;
      if (b < 2n ** 60n) b = 12345678901234567890n + BigInt(r.int(1000));
      holder[key] = b;
      const shadow: Obj = {};
      setMember(shadow, key, sameDouble(b), true);
      setMember(holder, r.pick(["zz", "extra", "0"]), shadow, true);
      return;
    }
    case "samePair": {
      const a = 12345678901234567890n + BigInt(r.int(1000));
      const [h1, k1] = r.pick(bigints);
      const [h2, k2] = r.pick(bigints);
      h1[k1] = a;
      h2[k2] = sameDouble(a);
      return;
    }
    case "reorder": {
      const obj = r.pick(objects);
      const entries = Object.entries(obj);
      for (let i = entries.length - 1; i > 0; i--) {
        const j = r.int(i + 1);
        [entries[i], entries[j]] = [
          entries[j] as [string, unknown],
          entries[i] as [string, unknown],
        ];
      }
      for (const [k] of entries) delete obj[k];
      for (const [k, v] of entries) obj[k] = v;
      return;
    }
    case "swapPair": {
      // Two bigints of one subtree get digits of the same double, then the subtree's members are
      // reversed: document order is no longer validation order.
      const candidates = objects.filter((o) => {
        const inner: [Obj, string][] = [];
        collect(o, [], inner);
        return inner.length >= 2;
      });
      const obj = r.pick(candidates);
      const inner: [Obj, string][] = [];
      collect(obj, [], inner);
      const a = 12345678901234567890n + BigInt(r.int(1000));
      const [h1, k1] = inner[0] as [Obj, string];
      const [h2, k2] = inner[inner.length - 1] as [Obj, string];
      h1[k1] = a;
      h2[k2] = sameDouble(a);
      const entries = Object.entries(obj).reverse();
      for (const [k] of entries) delete obj[k];
      for (const [k, v] of entries) obj[k] = v;
      return;
    }
    case "dupFar": {
      // A duplicate key far from the last occurrence (`JSON.parse` keeps the first one's place
      // and the last one's value), written as a marked name that the text mutation unmarks.
      // Mostly in an object with other bigints, which then sit between the two occurrences.
      const crowded = bigints.filter(([h]) => bigints.filter(([o]) => o === h).length > 1);
      const [holder, key] = r.pick(crowded.length > 0 && r.int(4) > 0 ? crowded : bigints);
      const v = holder[key] as bigint;
      // The first occurrence in the member's place (schema order kept), the last one at the end.
      const entries = Object.entries(holder);
      for (const [k] of entries) delete holder[k];
      const first = r.pick([1n, 0n, "7", sameDouble(v), v, A]);
      for (const [k, x] of entries) holder[k === key ? `${DUP}${key}` : k] = k === key ? first : x;
      holder[key] = v;
      return;
    }
    case "bigId":
      intent[r.pick(["id", "projectId"])] = r.pick(BIG);
      return;
    case "bigChainId":
      intent.originChainId = r.pick(BIG);
      return;
    case "bigAmount": {
      const [holder, key] = r.pick(bigints);
      holder[key] = r.pick(BIG);
      return;
    }
    default:
      return;
  }
}

/** Replaces a random match of `re` in `text` with `f(match)`. */
function replaceOne(
  text: string,
  re: RegExp,
  r: ReturnType<typeof createRandom>,
  f: (m: RegExpExecArray) => string,
): string {
  const all = [...text.matchAll(re)];
  if (all.length === 0) return text;
  const m = all[r.int(all.length)] as RegExpExecArray;
  return text.slice(0, m.index) + f(m) + text.slice(m.index + m[0].length);
}

function mutateText(text: string, m: Mutation, r: ReturnType<typeof createRandom>): string {
  switch (m) {
    case "duplicate": {
      // A second member of the same key, before or after; same value, same double with other
      // digits, or another value.
      const re =
        r.int(2) === 0
          ? /"([A-Za-z]+)":(-?\d{16,}|"-?\d{16,}")(?=[,}])/g
          : /"([A-Za-z]+)":(-?\d+|"-?\d+")(?=[,}])/g;
      return replaceOne(text, re, r, (x) => {
        const raw = x[2] as string;
        const quoted = raw.startsWith('"');
        const n = BigInt(quoted ? raw.slice(1, -1) : raw);
        const other = r.pick([n, n > 2n ** 60n ? sameDouble(n) : n + 1n, n + 1000n, -n]);
        const written = quoted && r.int(2) === 0 ? `"${other}"` : String(other);
        const dup = `"${x[1]}":${written}`;
        return r.int(2) === 0 ? `${dup},${x[0]}` : `${x[0]},${dup}`;
      });
    }
    case "fraction":
      return replaceOne(text, /":(-?\d+)(?=[,}])/g, r, (x) => {
        const d = x[1] as string;
        return `":${r.pick([`${d}.0`, `${d}e0`, `${d}.000`, "2.1e4", "21000.0", "1e20", "1E+20"])}`;
      });
    case "usd":
      return replaceOne(
        text,
        /Usd":(-?[\d.eE+-]+)/g,
        r,
        () => `Usd":${r.pick(["1e20", "2e53", "9007199254740993", "1e400"])}`,
      );
    case "spaces":
      return text
        .replace(/":/g, () => r.pick(['":', '" : ', '"\n:\t']))
        .replace(/,"/g, () => r.pick([',"', ' ,\n"']));
    default:
      return text;
  }
}

interface Case {
  kind: Kind;
  seed: number;
  intents: number;
  wire: "numbers" | "strings" | "mixed";
  mutations: Mutation[];
  mseed: number;
}

function build(c: Case): string {
  const doc = makeDoc(c.kind, c.seed, c.intents);
  const r = createRandom(c.mseed);
  for (const m of c.mutations) mutateValue(doc, m, r);
  let text =
    c.wire === "numbers"
      ? toNumbersWire(doc)
      : c.wire === "strings"
        ? toStringsWire(doc)
        : toNumbersWire(
            JSON.parse(
              JSON.stringify(doc, (_k, v) =>
                typeof v === "bigint" ? (r.int(2) === 0 ? `\u0001${v}` : String(v)) : v,
              ),
              (_k, v) => (typeof v === "string" && v.startsWith("\u0001") ? BigInt(v.slice(1)) : v),
            ),
          );
  for (const m of c.mutations) text = mutateText(text, m, r);
  return text.replaceAll(JSON.stringify(DUP).slice(1, -1), "");
}

const anyCase: fc.Arbitrary<Case> = fc.record({
  kind: fc.constantFrom<Kind>("quote", "search"),
  seed: fc.integer({ min: 1, max: 1000 }),
  intents: fc.integer({ min: 1, max: 3 }),
  wire: fc.constantFrom("numbers", "strings", "mixed"),
  mutations: fc.array(fc.constantFrom<Mutation>(...VALUE_MUTATIONS, ...TEXT_MUTATIONS), {
    maxLength: 4,
  }),
  mseed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});

describe("decodeValidated is undecided or equal to the reference path", () => {
  it("holds for mutated quotes and searches on mixed wires", () => {
    counts.decided = counts.undecided = counts.refused = 0;
    fc.assert(
      fc.property(anyCase, (c) => {
        checkInvariant(build(c), c.kind);
      }),
      { numRuns: 1000 },
    );
    // Neither outcome is vacuous across the run.
    expect(counts.decided).toBeGreaterThan(20);
    expect(counts.undecided).toBeGreaterThan(20);
    expect(counts.refused).toBeGreaterThan(0);
    console.info(`decodeValidated: ${JSON.stringify(counts)}`);
  });

  it("gives up on unknown members nested past MAX_DEPTH, and refuses as the reference does", () => {
    const base = makeQuoteResponse(3) as unknown as Obj;
    for (const depth of [MAX_DEPTH - 101, MAX_DEPTH - 100, MAX_DEPTH, MAX_DEPTH + 1, 5000]) {
      const deep = `${"[".repeat(depth)}1${"]".repeat(depth)}`;
      for (const wire of [toNumbersWire, toStringsWire]) {
        const text = wire(base).replace(/^\{/, `{"deep":${deep},`);
        const ref = reference(text, "quote");
        if (depth > MAX_DEPTH) expect(ref).toBeUndefined();
        checkInvariant(text, "quote");
        const obj = wire(base).replace(
          /^\{/,
          `{"deep":${'{"a":'.repeat(depth)}1${"}".repeat(depth)},`,
        );
        checkInvariant(obj, "quote");
      }
    }
  });
});

/** Client internals of a real client (nothing is sent: `decodeResponse` only reads options). */
const internals = (validate: "strict" | "warn" | "off") =>
  internalsOf(
    createClient({ baseUrl: "http://127.0.0.1:9", accessKey: "k", retry: false, validate }),
  );

/** The client's own decoding of a QuoteIntent 200 body. */
const clientDecode = (text: string, validate: "strict" | "warn" | "off" = "strict") =>
  decodeResponse(
    internals(validate),
    "QuoteIntent",
    "QuoteIntentResponse",
    validateQuoteIntentResponse,
    200,
    text,
  ) as Obj;

const feeOptions = (doc: Obj) => (doc.gasFeeOptions as Obj).feeOptions as Obj[];

describe("decodeValidated on chosen documents", () => {
  it("decides clean quotes and 3-intent searches on both wires, equal to the reference", () => {
    expect(Number(A)).toBe(Number(A2));
    for (const wire of [toNumbersWire, toStringsWire]) {
      for (const [kind, doc] of [
        ["quote", makeDoc("quote", 7, 1)],
        ["search", makeDoc("search", 8, 3)],
      ] as const) {
        const text = wire(doc);
        expect(checkInvariant(text, kind)).toBe(true);
        expect(decodeValidated(text, TYPES[kind].validator)).toEqual(doc);
      }
    }
  });

  it("keeps a known amount's digits when an unknown member of the same name comes first", () => {
    for (const where of ["root", "feeOption", "quote"] as const) {
      const doc = makeDoc("quote", 11, 1);
      const holder =
        where === "root"
          ? doc
          : where === "feeOption"
            ? (feeOptions(doc)[0] as Obj)
            : ((doc.intent as Obj).quote as Obj);
      const key = where === "quote" ? "fromAmount" : "amount";
      holder[key] = A;
      setMember(holder, "extra", { [key]: A2, list: [{ [key]: A2 }] }, true);
      if (where === "root") delete holder.amount; // unknown at the root: only the shadow
      const text = toNumbersWire(doc);
      expect(text).toContain(`"extra":{"${key}":${A2}`);
      checkInvariant(text, "quote");
      const got = clientDecode(text);
      expect(got).toEqual(reference(text, "quote")?.value);
      const target =
        where === "feeOption"
          ? feeOptions(got)[0]
          : where === "quote"
            ? ((got.intent as Obj).quote as Obj)
            : got;
      if (where !== "root") expect((target as Obj)[key]).toBe(A);
      expect(((target as Obj).extra as Obj)[key]).toBe(A2);
    }
  });

  it("takes the last of duplicate keys whose integers round to the same double", () => {
    const doc = makeDoc("quote", 12, 1);
    (feeOptions(doc)[0] as Obj).amount = A;
    const text = toNumbersWire(doc);
    for (const [first, last] of [
      [A, A2],
      [A2, A],
      [A, A],
      [`"${A2}"`, A],
      [A, `"${A2}"`],
    ]) {
      const dup = text.replace(`"amount":${A}`, `"amount":${first},"amount":${last}`);
      expect(dup).not.toBe(text);
      checkInvariant(dup, "quote");
      const got = clientDecode(dup);
      expect((feeOptions(got)[0] as Obj).amount).toBe(BigInt(String(last).replaceAll('"', "")));
    }
  });

  it("takes the last of duplicate keys with other numbers past 2^53 between them", () => {
    const doc = makeDoc("quote", 17, 1);
    const quote = (doc.intent as Obj).quote as Obj;
    quote.fromAmount = A;
    quote.toAmount = 98765432109876543210n;
    const text = toNumbersWire(doc);
    for (const first of ["1", "0", `"5"`, "-7", `${A2}`, "null"]) {
      // `JSON.parse` keeps the first occurrence's place and the last one's value.
      const dup = text
        .replace(`"fromAmount":${A}`, `"fromAmount":${first}`)
        .replace(/("toAmountMin":\d+)/, `$1,"fromAmount":${A}`);
      expect(dup.match(/"fromAmount":/g)?.length).toBe(2);
      checkInvariant(dup, "quote");
      const q = (clientDecode(dup).intent as Obj).quote as Obj;
      expect([q.fromAmount, q.toAmount]).toEqual([A, 98765432109876543210n]);
    }
  });

  it("keeps each amount's own digits when members are out of schema order", () => {
    const doc = makeDoc("quote", 13, 1);
    const [one, two] = feeOptions(doc) as [Obj, Obj];
    one.amount = A;
    two.amount = A2;
    // `amount` first in one option, last in the other: document order ≠ validation order.
    setMember(one, "amount", A, true);
    setMember(two, "amount", A2, false);
    const quote = (doc.intent as Obj).quote as Obj;
    quote.fromAmount = A2;
    quote.toAmount = A;
    setMember(quote, "fromAmount", A2, false);
    for (const text of [toNumbersWire(doc), toNumbersWire(doc).replace(/":/g, '" : ')]) {
      checkInvariant(text, "quote");
      const got = clientDecode(text);
      const [g1, g2] = feeOptions(got) as [Obj, Obj];
      expect([g1.amount, g2.amount]).toEqual([A, A2]);
      const q = (got.intent as Obj).quote as Obj;
      expect([q.fromAmount, q.toAmount]).toEqual([A2, A]);
      expect(got).toEqual(doc);
    }
  });

  it("stays exact while Object.prototype has an added property, enumerable or not", () => {
    const doc = makeDoc("quote", 14, 1);
    (feeOptions(doc)[0] as Obj).amount = A2;
    for (const text of [toNumbersWire(doc), toStringsWire(doc)]) {
      const expected = reference(text, "quote")?.value;
      expect(expected).toEqual(doc);
      // Optional bigint fields absent from the document (`originTokenAmount`, `bridgeGas`): a
      // validator reads `data.name`, which finds the prototype's value.
      const names = ["zz", "amount", "originTokenAmount", "bridgeGas"];
      for (const [name, value, enumerable] of names.flatMap((n) =>
        [1, "5"].flatMap((v) => [true, false].map((e) => [n, v, e] as const)),
      )) {
        let fast: unknown;
        let got: Obj;
        Object.defineProperty(Object.prototype, name, {
          value,
          enumerable,
          configurable: true,
          writable: true,
        });
        try {
          fast = decodeValidated(text, validateQuoteIntentResponse);
          got = clientDecode(text);
        } finally {
          delete (Object.prototype as Obj)[name];
        }
        const label = `${name} = ${JSON.stringify(value)}, enumerable: ${enumerable}`;
        if (fast !== UNDECIDED) expect(isDeepStrictEqual(fast, expected), label).toBe(true);
        expect(isDeepStrictEqual(got, expected), label).toBe(true);
        expect((feeOptions(got)[0] as Obj).amount).toBe(A2);
      }
    }
  });

  it("request validation called plainly leaves decimal strings as they are", () => {
    const intent = makeDoc("quote", 15, 1).intent as Obj;
    const request = JSON.parse(toStringsWire({ intent })) as Obj;
    const before = structuredClone(request);
    expect(validateCommitIntentRequest(request)).toBe(true);
    expect(request).toStrictEqual(before);
    expect(typeof ((request.intent as Obj).quote as Obj).fromAmount).toBe("string");
    // On the numbers wire too: safe integers stay numbers.
    const numbers = JSON.parse(toNumbersWire({ intent: { ...intent, salt: 5n } })) as Obj;
    const copy = structuredClone(numbers);
    validateCommitIntentRequest(numbers);
    expect(numbers).toStrictEqual(copy);
  });

  it('refuses a bigint field holding "abc" or 21000.0 with the same typed error in every mode', () => {
    const doc = makeDoc("quote", 16, 1);
    ((doc.intent as Obj).quote as Obj).fromAmount = 21000n;
    for (const wire of [toNumbersWire, toStringsWire]) {
      const text = wire(doc);
      for (const bad of ['"abc"', "21000.0", "2.1e4", "1e20", '"21000.0"', '" 1"']) {
        const spoiled = text.replace(/"fromAmount":"?21000"?/, `"fromAmount":${bad}`);
        expect(spoiled).not.toBe(text);
        expect(decodeValidated(spoiled, validateQuoteIntentResponse)).toBe(UNDECIDED);
        const messages = (["strict", "warn", "off"] as const).map((mode) => {
          try {
            clientDecode(spoiled, mode);
          } catch (e) {
            expect(e).toBeInstanceOf(WebrpcBadResponseError);
            expect(e).not.toBeInstanceOf(ResponseValidationError);
            return (e as Error).message;
          }
          throw new Error(`decoded ${bad} in mode ${mode}`);
        });
        expect(messages[0]).toContain("the body is not valid QuoteIntentResponse at");
        expect(messages[0]).toContain("fromAmount");
        expect(new Set(messages).size).toBe(1);
      }
    }
  });
});
