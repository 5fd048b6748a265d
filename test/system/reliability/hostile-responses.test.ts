/**
 * Hostile answers, served over loopback HTTP by a fixture server and read through the client:
 * deep nesting, huge bodies, invalid UTF-8, duplicate keys, prototype keys, amounts outside
 * 0 … 2^256 − 1 (decoded exactly, refused by the strict validator naming the field), NaN-like
 * text, every required field missing in turn, a wrong type in every field, and random bodies and
 * mutations (fast-check). Each must end in a typed error or, where the body is valid,
 * in exact data: never another exception, a hang, a polluted prototype or a rounded amount.
 */
import { inspect } from "node:util";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_DEPTH, parseJson, stringifyJson } from "../../../src/codec/index.js";
import { ResponseValidationError, WebrpcBadResponseError } from "../../../src/errors.js";
import {
  createClient,
  type IntentClient,
  isServiceError,
  ServiceError,
} from "../../../src/index.js";
import {
  type HostileAnswer,
  type HostileServer,
  startHostileServer,
} from "../../kit/reliability/hostile-server.js";
import { pause } from "../../kit/reliability/pool.js";
import {
  collectSamples,
  RESPONSE_OPS,
  type ResponseOp,
  responseType,
  sampleIntentId,
} from "../../kit/reliability/samples.js";
import { at, edit, type Kind, pointer, schemaOf, walk } from "../../kit/reliability/schema-walk.js";
import { captureConsole, Exposure, leaks, SECRET } from "../../kit/reliability/secrets.js";

type Outcome = { ok: true; data: unknown } | { ok: false; error: ServiceError };

let hostile: HostileServer;
let samples: Record<ResponseOp, string>;
let strict: IntentClient;
let warn: IntentClient;
const exposure = new Exposure();
let restoreConsole: () => void = () => {};
/** Cases run, by group, for the report. */
const counts: Record<string, number> = {};
/** Peak RSS growth while refusing each 100 MB body, MiB, for the report. */
const growth: Record<string, string> = {};

beforeAll(async () => {
  restoreConsole = captureConsole(exposure);
  samples = await collectSamples();
  hostile = await startHostileServer();
  const common = {
    baseUrl: hostile.url,
    accessKey: SECRET,
    retry: false as const,
    timeoutMs: 20_000,
  };
  strict = createClient(common);
  // "warn" with the default hook: reports go to console.warn, which is captured and scanned.
  warn = createClient({ ...common, validate: "warn" });
});

afterAll(async () => {
  restoreConsole();
  await hostile?.close();
  console.info("hostile responses, cases by group:", counts);
  console.info("100 MB bodies, peak RSS growth (MiB):", growth);
});

afterEach(() => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty("polluted");
  expect(Object.prototype).not.toHaveProperty("x");
});

/** Serves `answer` and calls `op` through `client`; any non-`ServiceError` fails the test. */
async function through(
  op: ResponseOp,
  answer: HostileAnswer,
  group: string,
  client: IntentClient = strict,
): Promise<Outcome> {
  counts[group] = (counts[group] ?? 0) + 1;
  hostile.serve(answer);
  try {
    return { ok: true, data: await RESPONSE_OPS[op](client, sampleIntentId(samples)) };
  } catch (e) {
    if (!isServiceError(e)) throw new Error(`not a ServiceError: ${inspect(e)}`);
    exposure.record(e);
    expect(e).toBeInstanceOf(ServiceError);
    return { ok: false, error: e };
  }
}

/** A class of error, whatever its constructor takes. */
type ErrorClass = abstract new (...args: never[]) => ServiceError;

function typedError(o: Outcome, ...classes: ErrorClass[]): ServiceError {
  if (o.ok) throw new Error(`expected an error, got data: ${inspect(o.data, { depth: 2 })}`);
  expect(o.error.name).not.toBe("RequestTimeoutError");
  if (classes.length > 0) expect(classes.some((C) => o.error instanceof C)).toBe(true);
  return o.error;
}

// biome-ignore lint/suspicious/noExplicitAny: the tests read arbitrary paths of a decoded body
function data(o: Outcome): any {
  if (!o.ok) throw new Error(`expected data, got ${o.error.name}: ${o.error.message}`);
  return o.data;
}

const body = (text: string | Uint8Array, status = 200): HostileAnswer => ({ status, body: text });
const decoded = (op: ResponseOp, text: string) =>
  // biome-ignore lint/suspicious/noExplicitAny: the tests read arbitrary paths of a decoded body
  parseJson(text, responseType(op)) as any;
const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : Buffer.from(p))),
  );
/**
 * Hostile bodies written as they are: bigints as JSON numbers, and any number anywhere (the
 * codec's encoder, given the type, would refuse `1.5` in a bigint field).
 */
const rawJson = (value: unknown) => stringifyJson(value, "");
const DEEP = 10_000;
const nest = (n: number, open = "[", close = "]", inner = "") =>
  `${open.repeat(n)}${inner}${close.repeat(n)}`;
const BAD = [WebrpcBadResponseError, ResponseValidationError];

/** The intent body with its salt (a bigint field) written as `raw`. */
function withSalt(raw: string): string {
  const text = samples.GetIntent;
  const replaced = text.replace(/"salt":("?)\d+\1/, `"salt":${raw}`);
  if (replaced === text) throw new Error("sample has no salt");
  return replaced;
}

/** The error of a body nested past `MAX_DEPTH`: a bad response naming where the limit was hit. */
function tooDeep(o: Outcome, path: string): void {
  const e = typedError(o, WebrpcBadResponseError);
  expect(e.message).toContain(`at ${path}`);
}

describe("deep nesting (refused past MAX_DEPTH, which the encoder can write back)", () => {
  it(`${DEEP} levels of arrays where the intent belongs → WebrpcBadResponseError`, async () => {
    const o = await through("GetIntent", body(`{"intent":${nest(DEEP)}}`), "nesting");
    tooDeep(o, `$.intent${"[0]".repeat(MAX_DEPTH - 1)}`);
  });

  it(`${DEEP} levels of objects where the intent belongs → WebrpcBadResponseError`, async () => {
    const deep = nest(DEEP, '{"a":', "}", "1");
    const o = await through("GetIntent", body(`{"intent":${deep}}`), "nesting");
    tooDeep(o, `$.intent${".a".repeat(MAX_DEPTH - 1)}`);
  });

  it(`${DEEP} levels in an unknown field of a valid intent → WebrpcBadResponseError`, async () => {
    const text = samples.GetIntent.replace('"intent":{', `"intent":{"extra":${nest(DEEP)},`);
    const o = await through("GetIntent", body(text), "nesting");
    tooDeep(o, `$.intent.extra${"[0]".repeat(MAX_DEPTH - 2)}`);
  });

  it("an unknown field nested to the limit → the intent, exact, and it commits back unchanged", async () => {
    const deep = MAX_DEPTH - 2; // the body and the intent are two levels
    const text = samples.GetIntent.replace('"intent":{', `"intent":{"extra":${nest(deep)},`);
    const got = data(await through("GetIntent", body(text), "nesting"));
    const want = decoded("GetIntent", samples.GetIntent);
    expect(got.intent.salt).toBe(want.intent.salt);
    let depth = 0;
    for (let v: unknown = got.intent.extra; Array.isArray(v); v = v[0]) depth++;
    expect(depth).toBe(deep);
    const sent = stringifyJson({ intent: got.intent }, "CommitIntentRequest");
    expect(sent).toContain(`"extra":${nest(deep)}`);
  });

  it("100,000 levels, and deep nesting in a bigint field → typed errors", async () => {
    typedError(await through("GetIntent", body(`{"intent":${nest(100_000)}}`), "nesting"), ...BAD);
    typedError(
      await through("GetIntent", body(withSalt(nest(DEEP))), "nesting"),
      WebrpcBadResponseError,
    );
  });

  it(`a ${DEEP}-level error body → a typed error`, async () => {
    const text = `{"error":"X","code":${nest(DEEP)},"msg":"m","status":500}`;
    typedError(await through("GetIntent", body(text, 500), "nesting"), WebrpcBadResponseError);
    const cause = `{"error":"X","code":7000,"msg":"m","status":400,"cause":${nest(DEEP)}}`;
    typedError(await through("GetIntent", body(cause, 400), "nesting"));
  });
});

describe("invalid UTF-8 and odd encodings", () => {
  /**
   * The sample of `op` with its intent id replaced by raw bytes. Where the test expects data, the
   * QuoteIntent answer carries them: a read of one intent refuses an answer naming another.
   */
  function idBytes(raw: number[], op: ResponseOp = "GetIntent"): Buffer {
    const text = samples[op];
    const m = /"intentId":"([^"]*)"/.exec(text);
    if (!m) throw new Error("no intentId");
    const start = (m.index ?? 0) + '"intentId":"'.length;
    return bytes(text.slice(0, start), raw, text.slice(start + (m[1] ?? "").length));
  }

  const INVALID = [
    [0xff, 0xfe],
    [0xc0, 0xaf],
    [0xed, 0xa0, 0x80],
    [0xe2, 0x82],
  ];

  /** The GetIntent sample with raw bytes as the value of its status, or of an unknown member. */
  function statusBytes(raw: number[]): Buffer {
    const text = samples.GetIntent;
    const at = text.indexOf('"status":"') + '"status":"'.length;
    return bytes(text.slice(0, at), raw, text.slice(text.indexOf('"', at)));
  }
  const unknownBytes = (raw: number[]) =>
    bytes('{"extra":"', raw, `",${samples.GetIntent.slice(1)}`);

  it("strict: invalid bytes in a known string (an id, a status) or an unknown member → WebrpcBadResponseError", async () => {
    for (const raw of INVALID) {
      for (const b of [idBytes(raw), statusBytes(raw), unknownBytes(raw)]) {
        const e = typedError(await through("GetIntent", body(b), "utf8"), WebrpcBadResponseError);
        expect(e.message).toContain("not valid UTF-8");
      }
    }
  });

  it("warn: invalid bytes inside a string → decoded as U+FFFD (WHATWG), the rest exact", async () => {
    for (const raw of INVALID) {
      const got = data(
        await through("QuoteIntent", body(idBytes(raw, "QuoteIntent")), "utf8", warn),
      );
      expect(got.intent.intentId).toMatch(/^\uFFFD+$/);
      expect(got.intent.salt).toBe(decoded("QuoteIntent", samples.QuoteIntent).intent.salt);
    }
  });

  it("a literal U+FFFD sent as valid UTF-8 is text like any other, in strict mode too", async () => {
    const literal = idBytes([0xef, 0xbf, 0xbd], "QuoteIntent");
    const got = data(await through("QuoteIntent", body(literal), "utf8"));
    expect(got.intent.intentId).toBe("\uFFFD");
  });

  it("invalid bytes between tokens, or a body cut inside a character → WebrpcBadResponseError", async () => {
    const text = samples.GetIntent;
    typedError(
      await through("GetIntent", body(bytes("{", [0xff], text.slice(1))), "utf8"),
      WebrpcBadResponseError,
    );
    const cut = bytes('{"intent":{"intentId":"', [0xe2, 0x82]);
    typedError(await through("GetIntent", body(cut), "utf8"), WebrpcBadResponseError);
  });

  it("a byte-order mark, a lone surrogate escape → exact data", async () => {
    const want = decoded("GetIntent", samples.GetIntent);
    const bom = data(
      await through("GetIntent", body(bytes([0xef, 0xbb, 0xbf], samples.GetIntent)), "utf8"),
    );
    expect(bom).toEqual(want);
    const lone = samples.QuoteIntent.replace(/"intentId":"[^"]*"/, '"intentId":"\\ud800x"');
    expect(data(await through("QuoteIntent", body(lone), "utf8")).intent.intentId).toBe("\ud800x");
  });
});

describe("characters that spoof a log line never reach an excerpt", () => {
  // RIGHT-TO-LEFT OVERRIDE, LEFT-TO-RIGHT ISOLATE, POP DIRECTIONAL ISOLATE, ZERO WIDTH SPACE,
  // LINE SEPARATOR, PARAGRAPH SEPARATOR, a C1 control (NEL), ESC, and a lone surrogate.
  const SPOOF = [
    "\u202e",
    "\u2066",
    "\u2069",
    "\u200b",
    "\u2028",
    "\u2029",
    "\u0085",
    "\u001b",
    "\ud800",
  ];
  const spoofFree = (text: string | undefined) => {
    expect(text).toBeTypeOf("string");
    for (const c of SPOOF) expect(text).not.toContain(c);
  };

  it("an HTML page holding bidi controls → WebrpcBadResponseError whose excerpt has none", async () => {
    const page = `<html>\u202eadmin\u2066 logged in\u2069\u2028\u0085\u001b[2J\ud800</html>`;
    for (const status of [200, 502]) {
      const e = typedError(
        await through("GetIntent", body(page, status), "spoof"),
        WebrpcBadResponseError,
      );
      spoofFree(e.excerpt);
      expect(e.excerpt).toContain("admin");
      spoofFree(e.message);
      spoofFree(JSON.stringify(e.toJSON()));
    }
  });

  it("a bigint field holding them → the excerpt of the refused value has none", async () => {
    const text = withSalt(JSON.stringify(`12\u202e34\u2066`));
    const e = typedError(await through("GetIntent", body(text), "spoof"), WebrpcBadResponseError);
    spoofFree(e.excerpt);
    expect(e.message).toContain("$.intent.salt");
    spoofFree(e.message);
  });

  it("a truncated body ending in them → an excerpt without them", async () => {
    const text = `${samples.GetIntent.slice(0, 60)}\u202e\u2066`;
    const e = typedError(await through("GetIntent", body(text), "spoof"), WebrpcBadResponseError);
    spoofFree(e.excerpt);
  });
});

describe("duplicate keys: the last one wins, as in JSON.parse, with every digit", () => {
  const big = (n: number) => `${123456789012345678901234567890n + BigInt(n)}`;

  it("a status and an amount written twice", async () => {
    const text = samples.GetIntent.replace('"status":', '"status":"QUOTED","status":');
    expect(data(await through("GetIntent", body(text), "duplicates")).intent.status).toBe(
      decoded("GetIntent", samples.GetIntent).intent.status,
    );
    for (const [first, last] of [
      [big(1), big(2)],
      [`"${big(3)}"`, big(4)],
      [big(5), `"${big(6)}"`],
      ["9007199254740993", "9007199254740995"],
      [big(7), "12"],
    ] as const) {
      const got = data(
        await through("GetIntent", body(withSalt(`${first},"salt":${last}`)), "duplicates"),
      );
      expect(got.intent.salt).toBe(BigInt(last.replace(/"/g, "")));
    }
  });

  it("the whole intent written twice: the last decides", async () => {
    const intent = samples.GetIntent.slice('{"intent":'.length, -1);
    const good = data(
      await through("GetIntent", body(`{"intent":[1],"intent":${intent}}`), "duplicates"),
    );
    expect(good).toEqual(decoded("GetIntent", samples.GetIntent));
    typedError(
      await through("GetIntent", body(`{"intent":${intent},"intent":"${SECRET}"}`), "duplicates"),
      ResponseValidationError,
    );
  });
});

describe("prototype keys", () => {
  it("__proto__ and constructor keys anywhere stay plain data", async () => {
    const evil =
      '"__proto__":{"polluted":"yes","x":1},"constructor":{"prototype":{"polluted":"yes"}}';
    const big = '"__proto__":123456789012345678901234567890';
    const texts = [
      samples.GetIntent.replace("{", `{${evil},`),
      samples.GetIntent.replace('"intent":{', `"intent":{${evil},`),
      samples.GetIntent.replace('"quote":{', `"quote":{${evil},${big},`),
      samples.GetIntent.replace(
        '"depositTransaction":{',
        `"depositTransaction":{"__proto__":{"amount":1},`,
      ),
    ];
    const want = decoded("GetIntent", samples.GetIntent);
    for (const text of texts) {
      const got = data(await through("GetIntent", body(text), "prototype"));
      expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
      expect(Object.getPrototypeOf(got.intent)).toBe(Object.prototype);
      expect(Object.getPrototypeOf(got.intent.quote)).toBe(Object.prototype);
      expect(got.intent.depositTransaction.amount).toBe(want.intent.depositTransaction.amount);
      expect(got.intent.quote.fromAmount).toBe(want.intent.quote.fromAmount);
    }
  });

  it("in an error body", async () => {
    const text = `{"__proto__":{"polluted":"yes"},"error":"InvalidArgument","code":2000,"msg":"m","status":400}`;
    typedError(await through("GetIntent", body(text, 400), "prototype"));
  });
});

describe("numbers", () => {
  const label = (raw: string) =>
    raw.length > 24 ? `${raw.slice(0, 12)}…(${raw.length} chars)` : raw;
  const shown = (n: bigint) => (n > 10n ** 20n || n < -(10n ** 20n) ? "that integer" : `${n}`);
  /** Answer amounts are bounded 0 … 2^256 − 1: these are exact in every validation mode. */
  const inRange: [string, bigint][] = [
    [`${2n ** 256n - 1n}`, 2n ** 256n - 1n],
    [`"${2n ** 256n - 1n}"`, 2n ** 256n - 1n],
    ["0", 0n],
    ["-0", 0n],
    ['"-0"', 0n],
  ];
  for (const [raw, want] of inRange) {
    it(`salt ${label(raw)} → exactly ${shown(want)}`, async () => {
      expect(data(await through("GetIntent", body(withSalt(raw)), "numbers")).intent.salt).toBe(
        want,
      );
    });
  }

  /**
   * Outside the bound: a ResponseValidationError naming the salt in the default "strict" mode;
   * decoded exactly all the same (what the "warn" mode passes on, with its report).
   */
  const outOfRange: [string, bigint][] = [
    [`${2n ** 256n}`, 2n ** 256n],
    [`"${2n ** 256n}"`, 2n ** 256n],
    [`${2n ** 300n}`, 2n ** 300n],
    [`${-(2n ** 256n)}`, -(2n ** 256n)],
    ["-1", -1n],
    ['"-1"', -1n],
    [`${10n ** 308n}`, 10n ** 308n],
  ];
  for (const [raw, want] of outOfRange) {
    it(`salt ${label(raw)} → a ResponseValidationError naming /intent/salt; "warn" passes exactly ${shown(want)}`, async () => {
      const e = typedError(
        await through("GetIntent", body(withSalt(raw)), "numbers"),
        ResponseValidationError,
      ) as ResponseValidationError;
      expect(e.pointer).toBe("/intent/salt");
      expect(e.message).toContain("/intent/salt must be an integer from 0 to 2^256-1");
      const passed = await through("GetIntent", body(withSalt(raw)), "numbers", warn);
      expect(data(passed).intent.salt).toBe(want);
    });
  }

  const invalid = [
    "NaN",
    "Infinity",
    "-Infinity",
    "1e999",
    "-1e999",
    `1${"0".repeat(400)}`,
    "1.5",
    "0x10",
    "01",
    "+1",
    '"NaN"',
    '"Infinity"',
    '"1e3"',
    '"1.0"',
    '""',
    '"0x10"',
    '" 1"',
    "true",
    "null",
    "{}",
    "[]",
  ];
  for (const raw of invalid) {
    it(`salt ${raw.length > 24 ? `${raw.slice(0, 8)}…` : raw} → a typed error`, async () => {
      typedError(await through("GetIntent", body(withSalt(raw)), "numbers"), ...BAD);
    });
  }

  it("an amount of 30 million digits (a 30 MB string) → a typed error at once, not minutes of CPU", async () => {
    // Converting so many digits to a bigint takes time growing with the square of their count
    // (about 100 s here): the decoder refuses amounts past 1,000 digits instead.
    const digits = "7".repeat(30_000_000);
    const e = typedError(
      await through("GetIntent", body(withSalt(`"${digits}"`)), "numbers"),
      WebrpcBadResponseError,
    );
    expect(e.message).toContain("salt");
    // 1,000 digits are decoded exactly (then refused by the strict validator: past 2^256 − 1;
    // the "warn" mode passes them on); 1,001 are refused by the decoder in either mode.
    const thousand = `${"9".repeat(1_000)}`;
    const strictThousand = typedError(
      await through("GetIntent", body(withSalt(`"${thousand}"`)), "numbers"),
      ResponseValidationError,
    ) as ResponseValidationError;
    expect(strictThousand.pointer).toBe("/intent/salt");
    expect(
      data(await through("GetIntent", body(withSalt(`"${thousand}"`)), "numbers", warn)).intent
        .salt,
    ).toBe(BigInt(thousand));
    for (const client of [strict, warn]) {
      typedError(
        await through("GetIntent", body(withSalt(`"${thousand}9"`)), "numbers", client),
        WebrpcBadResponseError,
      );
    }
  });

  it("integers written with a fraction or an exponent are refused (a bigint field is no float)", async () => {
    for (const raw of ["1e2", "1.0", "1E2", "-0.0", "100.000"]) {
      typedError(await through("GetIntent", body(withSalt(raw)), "numbers"), ...BAD);
    }
  });

  // JSON.parse rounds these to a whole number before the codec sees them; the codec finds their
  // fraction or exponent form in the text and refuses them instead of reading 1 or 0.
  for (const raw of ["0.99999999999999999", "1.0000000000000001", "1e-999"]) {
    it(`salt ${raw} is refused, not rounded to a whole number`, async () => {
      const o = await through("GetIntent", body(withSalt(raw)), "numbers");
      typedError(o, ...BAD);
    });
  }

  it("NaN-like text in a USD (number) field: invalid JSON is refused, -0 and exponents kept", async () => {
    const usd = (raw: string) =>
      samples.GetIntent.replace(/"fromAmountUsd":[^,}]+/, `"fromAmountUsd":${raw}`);
    for (const raw of ["NaN", "Infinity", "-Infinity", "+1", ".5"]) {
      typedError(await through("GetIntent", body(usd(raw)), "numbers"), WebrpcBadResponseError);
    }
    expect(
      Object.is(
        data(await through("GetIntent", body(usd("-0")), "numbers")).intent.quote.fromAmountUsd,
        -0,
      ),
    ).toBe(true);
    expect(
      data(await through("GetIntent", body(usd("2.5e1")), "numbers")).intent.quote.fromAmountUsd,
    ).toBe(25);
    const huge = await through("GetIntent", body(usd("1e999")), "numbers");
    if (huge.ok) expect(data(huge).intent.quote.fromAmountUsd).toBe(Number.POSITIVE_INFINITY);
    else typedError(huge, ...BAD);
  });
});

describe("schema walk", () => {
  for (const op of Object.keys(RESPONSE_OPS) as ResponseOp[]) {
    it(`${op}: every required field missing in turn → ResponseValidationError at its object`, async () => {
      const type = responseType(op);
      const value = decoded(op, samples[op]);
      const { required } = walk(value, schemaOf(type));
      expect(required.length).toBeGreaterThan(0);
      for (const r of required) {
        const text = stringifyJson(edit(value, [...r.parent, r.key], { remove: true }), type);
        const e = typedError(
          await through(op, body(text), "missing required"),
          ResponseValidationError,
        );
        expect(e.operation).toBe(op);
        expect((e as ResponseValidationError).pointer).toBe(pointer(r.parent));
        const named = (e as ResponseValidationError).issues.some(
          (i) => i.keyword === "required" && i.params.missingProperty === r.key,
        );
        expect(named, `${pointer([...r.parent, r.key])}`).toBe(true);
      }
    });
  }

  const WRONG: Record<Kind, unknown[]> = {
    bigint: [1.5, "0x10", "", true, { n: 1 }],
    string: [12345, true, { s: SECRET }, ["x"]],
    integer: ["12", 1.5, true, []],
    number: ["1.5", false, {}],
    boolean: ["true", 1, []],
    object: [[], "x", 1],
    array: [{}, "x", 0],
    any: [],
  };

  for (const op of Object.keys(RESPONSE_OPS) as ResponseOp[]) {
    it(`${op}: a wrong type in every field → a typed error naming the field`, async () => {
      const type = responseType(op);
      const value = decoded(op, samples[op]);
      const { fields } = walk(value, schemaOf(type));
      expect(fields.length).toBeGreaterThan(5);
      for (const f of fields) {
        for (const wrong of WRONG[f.kind]) {
          const text = rawJson(edit(value, f.path, { set: wrong }));
          const where = `${pointer(f.path)} = ${JSON.stringify(wrong)}`;
          const o = await through(op, body(text), "wrong type");
          expect(o.ok, where).toBe(false);
          const e = typedError(o, ...BAD);
          if (e instanceof ResponseValidationError) {
            expect(pointer(f.path).startsWith(e.pointer), where).toBe(true);
          } else {
            expect(e.message, where).toContain(f.path.map(String).pop() ?? "");
          }
        }
      }
    }, 60_000);
  }
});

describe("property: random bodies and statuses", () => {
  it("any bytes under any status → data (2xx only) or a ServiceError", async () => {
    const status = fc.constantFrom(200, 201, 204, 400, 401, 404, 413, 429, 500, 502, 503);
    const payload = fc.oneof(
      fc.uint8Array({ maxLength: 600 }),
      fc.json().map((j) => Buffer.from(j)),
      fc.jsonValue().map((j) => Buffer.from(JSON.stringify({ intent: j }))),
      fc.string({ unit: "binary", maxLength: 200 }).map((s) => Buffer.from(s)),
    );
    await fc.assert(
      fc.asyncProperty(status, payload, async (s, b) => {
        const o = await through("GetIntent", { status: s, body: b }, "property: random body");
        if (o.ok) expect(s).toBeLessThan(300);
        else expect(o.error.name).not.toBe("RequestTimeoutError");
      }),
      { numRuns: 300, seed: 7 },
    );
  }, 60_000);

  it("a random value at a random field of a real answer → data or a typed error", async () => {
    const value = decoded("GetIntent", samples.GetIntent);
    const { fields } = walk(value, schemaOf("GetIntentResponse"));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: fields.length - 1 }),
        fc.jsonValue(),
        async (i, v) => {
          const f = fields[i];
          if (!f) return;
          const text = rawJson(edit(value, f.path, { set: v }));
          const o = await through("GetIntent", body(text), "property: mutation");
          if (!o.ok) return;
          const exact = typeof v === "number" || typeof v === "string";
          expect(at(data(o), f.path)).toEqual(f.kind === "bigint" && exact ? BigInt(v) : v);
        },
      ),
      { numRuns: 300, seed: 11 },
    );
  }, 60_000);

  it("every amount field, any value in [-(2^256), 2^256], as a number or a string → exactly that in 0 … 2^256 − 1, else a ResponseValidationError naming it", async () => {
    const value = decoded("GetIntent", samples.GetIntent);
    const amounts = walk(value, schemaOf("GetIntentResponse")).fields.filter(
      (f) => f.kind === "bigint",
    );
    expect(amounts.length).toBeGreaterThan(10);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: amounts.length - 1 }),
        fc.bigInt({ min: -(2n ** 256n), max: 2n ** 256n }),
        fc.constantFrom("number", "string") as fc.Arbitrary<"number" | "string">,
        async (i, n, bigintAs) => {
          const f = amounts[i];
          if (!f) return;
          const text = stringifyJson(edit(value, f.path, { set: n }), "GetIntentResponse", {
            bigintAs,
          });
          const o = await through("GetIntent", body(text), "property: amounts");
          if (n >= 0n && n <= 2n ** 256n - 1n) {
            expect(at(data(o), f.path)).toBe(n);
          } else {
            const e = typedError(o, ResponseValidationError) as ResponseValidationError;
            expect(e.pointer).toBe(pointer(f.path));
            expect(e.message).toContain(`${pointer(f.path)} must be an integer from 0 to 2^256-1`);
            // Decoded exactly all the same: the "warn" mode passes the value on.
            const passed = await through("GetIntent", body(text), "property: amounts", warn);
            expect(at(data(passed), f.path)).toBe(n);
          }
        },
      ),
      { numRuns: 400, seed: 13 },
    );
  }, 60_000);
});

describe("size", () => {
  const MB = 1024 * 1024;
  const chunk = new Uint8Array(64 * 1024).fill(0x61);

  /** Runs `op` while sampling RSS every 5 ms; answers the peak growth in MiB. */
  async function peakGrowth(op: () => Promise<unknown>): Promise<number> {
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    try {
      await op();
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    return (peak - base) / MB;
  }

  for (const [label, limit, declareLength] of [
    ["Content-Length: 100 MB, default limit (32 MiB)", undefined, true],
    ["chunked 100 MB, default limit (32 MiB)", undefined, false],
    ["chunked 100 MB, maxResponseBytes 1 MiB", MB, false],
  ] as const) {
    it(`${label} → WebrpcBadResponseError, memory bounded by the limit`, async () => {
      const client = createClient({
        baseUrl: hostile.url,
        accessKey: SECRET,
        retry: false,
        ...(limit === undefined ? {} : { maxResponseBytes: limit }),
      });
      const before = hostile.bytesWritten;
      let outcome: Outcome | undefined;
      const mib = await peakGrowth(async () => {
        outcome = await through(
          "GetIntent",
          { stream: { chunk, bytes: 100 * 1000 * 1000, declareLength } },
          "size",
          client,
        );
      });
      growth[label] = mib.toFixed(1);
      const e = typedError(outcome as Outcome, WebrpcBadResponseError);
      expect(e.message).toMatch(/larger than/);
      // The client stopped reading: far less than the 100 MB body went out.
      await pause(100);
      expect(hostile.bytesWritten - before).toBeLessThan(64 * MB);
      expect(mib).toBeLessThan(100);
    });
  }
});

describe("the access key", () => {
  it("echoed in every place a hostile answer can put it → nowhere in what the caller sees", async () => {
    const answers: HostileAnswer[] = [
      body(`{"intent":"${SECRET}"}`),
      body(`{"intent":{"intentId":"${SECRET}"`),
      body(`<html>${SECRET}</html>`, 502),
      body(`${SECRET}`, 200),
      body(
        `{"error":"${SECRET}","code":777,"msg":"${SECRET}","status":418,"cause":"${SECRET}"}`,
        418,
      ),
      body(`{"error":"RateLimited","code":1007,"msg":"${SECRET}","status":429}`, 429),
      { status: 429, headers: { "retry-after": SECRET }, body: `{"code":1007,"msg":"x"}` },
      body(withSalt(`"${SECRET}"`)),
      { reset: true },
    ];
    for (const a of answers) {
      for (const client of [strict, warn]) {
        const o = await through("GetIntent", a, "secret echo", client);
        if (!o.ok) expect(leaks(o.error)).toEqual([]);
      }
    }
  });

  it("no error, validation report or console line of this file shows it", () => {
    const { scanned, leaked } = exposure.scan();
    expect(scanned).toBeGreaterThan(100);
    expect(leaked.map((x) => inspect(x).slice(0, 300))).toEqual([]);
  });
});
