/**
 * The published request schemas say what the dev server enforces: for every field of every
 * request type (found by walking the published documents themselves, nested structs and list
 * items included), values at the edges, hostile ones (signs, exponents, leading zeros, huge,
 * empty, wrong types, absent) and random ones are put into a valid request; the verdict of the
 * published JSON Schema (ajv, draft 2020-12, on `generated/schemas/*.json`) must equal the dev
 * server's (a 400 for breaking the schema: `WebrpcBadRequest`, or `InvalidArgument` listing
 * `issues`; anything else, a business answer such as an unknown token, is not a schema verdict).
 *
 * A JSON number past 2^53 is judged by ajv as the double `JSON.parse` makes of it; the few values
 * whose double falls on the other side of a bound than their exact value (2^256 written as a JSON
 * number reads as 2^256 - 1's double) are left to the Python check, which reads them exactly
 * (`test/system/python/request-edges.test.ts`), and counted here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseExact } from "../../../src/codec/exact-parse.js";
import { integralBigint } from "../../../src/codec/leaf.js";
import type { DevServer } from "../../../src/devserver/index.js";
import { OWNER, USDC_ARB, USDC_BASE } from "../../kit/constants.js";
import { startServer } from "../../kit/server.js";

type Json = { [key: string]: unknown };

const DIR = join(import.meta.dirname, "../../../generated/schemas");
const files = readdirSync(DIR).filter((f) => f.endsWith(".json"));
/** The documents as any tool reads them, and exactly (bounds past 2^53 as bigints). */
const docs = new Map<string, Json>();
const exactDocs = new Map<string, Json>();
for (const f of files) {
  const text = readFileSync(join(DIR, f), "utf8");
  docs.set(f, JSON.parse(text) as Json);
  exactDocs.set(f, parseExact(text, undefined) as Json);
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
for (const doc of docs.values()) ajv.addSchema(doc);

/** A token no chain of the catalogue has: a valid QuoteIntent stops at it, after validation. */
const UNKNOWN_TOKEN = "0x1111111111111111111111111111111111111111";
/** An owner with no intents: searches and history pages stay empty and cheap. */
const NOBODY = "0x3333333333333333333333333333333333333333";
const HASH = `0x${"ab".repeat(32)}`;
const FEE_OPTION = {
  tokenAddress: USDC_ARB,
  tokenSymbol: "USDC",
  tokenDecimals: 6,
  amount: "1000",
  amountUsd: 0.001,
  feeCollectorAddress: OWNER,
  is2612: true,
};

/** Valid requests per operation (several where rules between fields differ). */
const BASES: [op: string, body: Json][] = [
  ["GetExactOutputRoutes", { destinationChainId: 8453, destinationTokenAddress: USDC_BASE }],
  ["GetExactInputRoutes", { originChainId: 42161, originTokenAddress: USDC_ARB }],
  [
    "QuoteIntent",
    {
      ownerAddress: OWNER,
      originChainId: 42161,
      originTokenAddress: USDC_ARB,
      destinationChainId: 8453,
      destinationTokenAddress: UNKNOWN_TOKEN,
      tradeType: "EXACT_INPUT",
      originTokenAmount: "250000000",
    },
  ],
  [
    "QuoteIntent",
    {
      ownerAddress: OWNER,
      originChainId: 42161,
      originTokenAddress: USDC_ARB,
      destinationChainId: 8453,
      destinationTokenAddress: UNKNOWN_TOKEN,
      destinationTokenAmount: 1000000,
      destinationToAddress: OWNER,
      destinationCallData: "0x1234",
      destinationCallValue: 0,
      destinationApproveAddress: OWNER,
      fundMethod: "WALLET",
      onlyNativeGasFee: false,
      options: {
        bridgeProvider: "AUTO",
        bridgeProviderFallback: true,
        swapProvider: "AUTO",
        swapProviderFallback: true,
        preference: "RECOMMENDED",
        intentProtocol: "v1_5",
        slippageTolerance: 0.01,
        serviceAddressOverrides: { coreWalletFactoryAddress: OWNER, coreWalletUtilsAddress: OWNER },
      },
    },
  ],
  ["CommitIntent", { intent: {} }],
  ["ExecuteIntent", { intentId: "nope", depositTransactionHash: HASH }],
  [
    "ExecuteIntent",
    {
      intentId: "nope",
      depositSignature: {
        intentSignature: "0x12",
        permitSignature: "0x34",
        permitDeadline: 1,
        permitAmount: "1000",
        selectedGasFeeOption: FEE_OPTION,
        userNonce: "1",
        deadline: 1,
      },
    },
  ],
  ["GetIntent", { intentId: "nope" }],
  ["GetIntentReceipt", { intentId: "nope" }],
  ["WaitIntentReceipt", { intentId: "nope", lastReceiptStates: ["PENDING"] }],
  ["SearchIntents", { byIntentId: "nope", byOwnerAddress: NOBODY, byProjectId: 1 }],
  [
    "GetIntentHistory",
    {
      byOwnerAddress: NOBODY,
      page: { column: "createdAt", pageSize: 10, sort: [{ column: "createdAt", order: "DESC" }] },
    },
  ],
  ["GetTokenPrices", { tokens: [{ chainId: 8453, tokenAddress: USDC_BASE, tokenSymbol: "USDC" }] }],
  ["Ping", {}],
  ["Clock", {}],
];

/** A field to vary: where it is, and its published schema (both readings). */
interface FieldSpec {
  path: (string | number)[];
  schema: Json;
  exact: Json;
  required: boolean;
}

/** Follows `$ref`s and `anyOf [X, null]` to the schema of the value itself. */
function resolve(s: Json, exact: Json): [Json, Json] {
  if (typeof s.$ref === "string") {
    const name = s.$ref;
    return resolve(docs.get(name) as Json, exactDocs.get(name) as Json);
  }
  if (Array.isArray(s.anyOf) && s.anyOf.length === 2) {
    const i = (s.anyOf as Json[]).findIndex((b) => b.type !== "null");
    if ((s.anyOf as Json[]).some((b) => b.type === "null") && i >= 0) {
      return resolve((s.anyOf as Json[])[i] as Json, (exact.anyOf as Json[])[i] as Json);
    }
  }
  return [s, exact];
}

/** Every field under a struct schema, nested structs and first list items included. */
function fieldsOf(s: Json, exact: Json, path: (string | number)[], depth: number): FieldSpec[] {
  const out: FieldSpec[] = [];
  const props = (s.properties ?? {}) as Json;
  const exactProps = (exact.properties ?? {}) as Json;
  const required = new Set((s.required ?? []) as string[]);
  for (const [name, raw] of Object.entries(props)) {
    const [fs, fe] = resolve(raw as Json, exactProps[name] as Json);
    const p = [...path, name];
    out.push({ path: p, schema: fs, exact: fe, required: required.has(name) });
    if (depth < 3 && fs.type === "object") out.push(...fieldsOf(fs, fe, p, depth + 1));
    if (depth < 3 && fs.type === "array" && fs.items) {
      const [is, ie] = resolve(fs.items as Json, fe.items as Json);
      if (is.type === "object") out.push(...fieldsOf(is, ie, [...p, 0], depth + 1));
    }
  }
  return out;
}

const WRONG_TYPES = ["null", "true", "false", "[]", "{}", '"x"', '""', "0", "-1", "1.5", '"1"'];
const big = (v: bigint) => v.toString();
const TWO_256 = 2n ** 256n;

/** Exact value of a JSON number text, when it is an integer; `undefined` for a fraction. */
function exactInteger(text: string): bigint | undefined {
  if (/^-?[0-9]+$/.test(text)) return BigInt(text);
  return integralBigint(text);
}

/** Hostile and edge values of a bigint or integer field with bounds `[min, max]`, as JSON texts. */
function integerValues(min: bigint, max: bigint, strings: boolean): string[] {
  const edges = [min - 1n, min, min + 1n, 0n, 1n, -1n, max - 1n, max, max + 1n];
  edges.push(2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, 2n ** 64n - 1n, 2n ** 64n);
  edges.push(2n ** 255n, 10n ** 77n, 10n ** 78n, TWO_256 - 1n, TWO_256, TWO_256 * 7n, 10n ** 400n);
  const out: string[] = [];
  for (const v of edges) {
    out.push(big(v));
    if (strings) out.push(`"${big(v)}"`);
  }
  out.push("1000.0", "1e3", "1E+3", "1.5e3", "10e-1", "1e-3", "-0", "-0.0", "0e9", "-1e3");
  out.push("1e77", "1e78", "1e400", "1e1001", "1.0000000000000000000001", "2.5166782e+19");
  out.push(`${big(max)}.0`, `${big(max)}e0`, `${big(max / 10n)}e1`);
  if (strings) {
    out.push('"-0"', '"-000"', '"007"', `"${"0".repeat(999)}7"`, `"${"0".repeat(5000)}7"`);
    out.push('"+5"', '" 5"', '"5 "', '"0x10"', '"1e3"', '"1.0"', '"5n"', '"١٢"', '"-5"', '""');
    out.push(`"1${"0".repeat(1000)}"`, `"${"9".repeat(78)}"`, `"-${big(max)}"`, `"0${big(max)}"`);
  }
  return out;
}

function stringValues(s: Json): string[] {
  const max = typeof s.maxLength === "number" ? s.maxLength : 4096;
  const out = ['""', '"a"', '" "', `"${"a".repeat(max)}"`, `"${"a".repeat(max + 1)}"`];
  out.push(JSON.stringify("😀".repeat(Math.min(max, 5000))));
  out.push(JSON.stringify("😀".repeat(Math.min(max + 1, 5001))));
  out.push(JSON.stringify(`${"a".repeat(max - 1)}😀`), JSON.stringify(`${"a".repeat(max)}😀`));
  const hex40 = "aB".repeat(20);
  for (const v of [
    `0x${hex40}`,
    `0X${hex40}`,
    hex40,
    `0x${hex40}0`,
    `0x${hex40.slice(1)}`,
    `0x${"g".repeat(40)}`,
    ` 0x${hex40}`,
    `0x${"ab".repeat(32)}`,
    `0x${"AB".repeat(32)}`,
    `0x${"ab".repeat(31)}a`,
    "0x",
    "0x1",
    "0x12",
    "0xzz",
    `0x${"ab".repeat(65536)}`,
    `0x${"ab".repeat(65537)}`,
    "EXACT_INPUT",
  ]) {
    out.push(JSON.stringify(v));
  }
  return out;
}

function numberValues(s: Json): string[] {
  const out = ["0", "-0", "0.5", "0.5000000001", "-1e-9", "1e-300", "1e400", "-1e400", "0.25"];
  if (typeof s.maximum === "number") out.push(String(s.maximum));
  return out;
}

/** Values for a field, by what its published schema says it holds. */
function valuesFor(f: FieldSpec): string[] {
  const s = f.schema;
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type];
  const out = [...WRONG_TYPES];
  if (types.includes("integer")) {
    const min = BigInt((f.exact.minimum as bigint | number | undefined) ?? -(2n ** 70n));
    const max = BigInt((f.exact.maximum as bigint | number | undefined) ?? 2n ** 70n);
    out.push(...integerValues(min, max, types.includes("string")));
  } else if (types.includes("number")) out.push(...numberValues(s));
  else if (types.includes("string") && Array.isArray(s.enum)) {
    for (const v of s.enum as string[])
      out.push(JSON.stringify(v), JSON.stringify(v.toLowerCase()));
    out.push('"NOT_A_VALUE"');
  } else if (Array.isArray(s.anyOf)) out.push('"QUOTED"', '"ANY_OTHER"');
  else if (types.includes("string")) out.push(...stringValues(s));
  else if (types.includes("array")) {
    const item = JSON.stringify({ chainId: 8453, tokenAddress: USDC_BASE });
    for (const n of [0, 1, 500, 501, 1001]) out.push(`[${Array(n).fill(item).join(",")}]`);
    out.push("[null]", '["x"]', "[{}]", '["PENDING","x"]');
  } else if (types.includes("object")) out.push('{"unknown":1}');
  return out;
}

/** Random values for a field (fast-check, fixed seed): numbers and strings of every shape. */
function randomFor(f: FieldSpec, n: number, seed: number): string[] {
  const types = Array.isArray(f.schema.type) ? f.schema.type : [f.schema.type];
  const integers = fc.bigInt({ min: -(2n ** 80n), max: 2n ** 260n }).map(big);
  const small = fc.bigInt({ min: -10n, max: 2n ** 60n }).map(big);
  const texts = fc.oneof(
    integers,
    small,
    small.map((v) => `"${v}"`),
    integers.map((v) => `"${v}"`),
    fc.tuple(fc.nat(5), small).map(([z, v]) => `"${"0".repeat(z)}${v}"`),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
    fc
      .tuple(fc.integer({ min: -9, max: 9 }), fc.integer({ min: -20, max: 90 }))
      .map(([m, e]) => `${m}e${e}`),
    fc.string({ maxLength: 50 }).map((s) => JSON.stringify(s)),
    fc.stringMatching(/^0x[0-9a-fA-F]{0,70}$/).map((s) => JSON.stringify(s)),
    fc.boolean().map(String),
  );
  const pick =
    types.includes("string") && !types.includes("integer")
      ? fc.oneof(
          texts,
          fc.stringMatching(/^0x[0-9a-fA-F]{40}$/).map((s) => JSON.stringify(s)),
        )
      : texts;
  return fc.sample(pick, { numRuns: n, seed });
}

/** Whether ajv, reading `text` as a double, judges it as its exact value is judged. */
function doubleJudges(f: FieldSpec, text: string): boolean {
  if (!/^-?[0-9]/.test(text)) return true;
  const exact = exactInteger(text);
  const d = Number(text);
  if (exact === undefined) return !Number.isInteger(d) || !Number.isFinite(d);
  if (!Number.isFinite(d)) return true;
  const min = f.exact.minimum as bigint | number | undefined;
  const max = f.exact.maximum as bigint | number | undefined;
  // An integer against a fractional bound: at least 0.5 means at least 1, at most 0.5 at most 0.
  const lo = typeof min === "number" ? BigInt(Math.ceil(min)) : min;
  const hi = typeof max === "number" ? BigInt(Math.floor(max)) : max;
  const exactIn = (lo === undefined || exact >= lo) && (hi === undefined || exact <= hi);
  const doubleIn =
    (min === undefined || d >= Number(min)) && (max === undefined || d <= Number(max));
  return exactIn === doubleIn;
}

const PLACEHOLDER = "\u0000value\u0000";

/** `base` with the value at `path` set to the JSON text `value` (or removed when undefined). */
function bodyWith(base: Json, path: (string | number)[], value: string | undefined): string {
  const copy = structuredClone(base);
  let holder: Json = copy;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] as string;
    if (holder[key] === undefined || holder[key] === null || typeof holder[key] !== "object") {
      holder[key] = typeof path[i + 1] === "number" ? [] : {};
    }
    holder = holder[key] as Json;
  }
  const last = path[path.length - 1] as string;
  if (value === undefined) {
    delete holder[last];
    return JSON.stringify(copy);
  }
  holder[last] = PLACEHOLDER;
  return JSON.stringify(copy).replace(JSON.stringify(PLACEHOLDER), value);
}

let srv: DevServer;
beforeAll(async () => {
  srv = await startServer({ port: 0, rateLimit: false, longPollMs: 50 });
});
afterAll(async () => {
  await srv.close();
});

/** The server's verdict: false for a 400 that says the request breaks its schema. */
async function serverAccepts(op: string, text: string): Promise<{ ok: boolean; said: string }> {
  const res = await srv.fetch(
    new Request(`${srv.url}/rpc/Service/${op}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-access-key": srv.accessKey },
      body: text,
    }),
  );
  const said = await res.text();
  if (res.status !== 400) return { ok: true, said };
  const body = JSON.parse(said) as { error?: string; issues?: unknown };
  const refused = body.error === "WebrpcBadRequest" || Array.isArray(body.issues);
  return { ok: !refused, said };
}

function schemaAccepts(validate: ValidateFunction, text: string): boolean {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return false;
  }
  return validate(data) === true;
}

describe("the published request schemas and the dev server", () => {
  it("give the same verdict on at least 10,000 values of every request field", async () => {
    const cases: { op: string; field: string; value: string; body: string }[] = [];
    let skipped = 0;
    BASES.forEach(([op, base], b) => {
      const request = `${op}Request.json`;
      const [root, exact] = [docs.get(request) as Json, exactDocs.get(request) as Json];
      // The intent of a CommitIntent is the open Intent, compared with the quote: only its type.
      const echo = op === "CommitIntent";
      if (!echo) {
        const valid = schemaAccepts(
          ajv.getSchema(root.$id as string) as ValidateFunction,
          JSON.stringify(base),
        );
        expect(valid, `${op} base ${b}`).toBe(true);
      }
      for (const value of ["null", "[]", '"x"', "1", "{}"]) {
        cases.push({ op, field: "(body)", value, body: value });
      }
      for (const f of fieldsOf(root, exact, [], echo ? 3 : 0)) {
        const field = `/${f.path.join("/")}`;
        cases.push({ op, field, value: "(absent)", body: bodyWith(base, f.path, undefined) });
        const values = [...valuesFor(f), ...randomFor(f, 60, 1000 * b + f.path.length)];
        for (const value of values) {
          if (!doubleJudges(f, value)) {
            skipped++;
            continue;
          }
          cases.push({ op, field, value, body: bodyWith(base, f.path, value) });
        }
      }
    });
    const disagreements: string[] = [];
    for (const c of cases) {
      const validate = ajv.getSchema(
        (docs.get(`${c.op}Request.json`) as Json).$id as string,
      ) as ValidateFunction;
      const schema = schemaAccepts(validate, c.body);
      const server = await serverAccepts(c.op, c.body);
      if (schema !== server.ok) {
        disagreements.push(
          `${c.op} ${c.field} = ${c.value.slice(0, 80)}${c.value.length > 80 ? `… (${c.value.length} chars)` : ""}: schema ${schema ? "accepts" : "refuses"}, server ${server.ok ? "accepts" : "refuses"} (${server.said.slice(0, 200)})`,
        );
      }
    }
    if (disagreements.length > 0) console.log(disagreements.slice(0, 40).join("\n"));
    console.log(
      `${cases.length} cases, ${disagreements.length} disagreements, ${skipped} left to the exact (Python) check`,
    );
    expect(cases.length).toBeGreaterThanOrEqual(10_000);
    expect(disagreements).toEqual([]);
  }, 120_000);
});
