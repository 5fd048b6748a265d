/**
 * The generated validators carry no messages: the client writes each from the error's `keyword`
 * and `params` (`issueMessage`). Differential test: over every operation's request and answer
 * example of the published document, and thousands of single-field changes to real intents, quotes
 * and requests, the generated validators and ajv itself (compiled here from the same schemas, with
 * its messages on) agree on the verdict, and on every error's path and message, in order.
 */
import { readFileSync } from "node:fs";
import type { ValidateFunction } from "ajv";
import { describe, expect, it } from "vitest";
import type { Validator } from "../../../generated/validators.js";
import * as generated from "../../../generated/validators.js";
import { createStandaloneAjv } from "../../../scripts/emit/ajv-setup.js";
import { validatedTypes } from "../../../scripts/emit/index.js";
import { buildJsonSchemas } from "../../../scripts/emit/schemas.js";
import { withSuccinctMethods } from "../../../scripts/emit/succinct.js";
import { parseRidl } from "../../../scripts/ridl/index.js";
import { issueMessage } from "../../../src/validation/issue-message.js";
import { makeQuoteResponse, makeSearchResponse } from "../../bench/data.js";
import { quoteRequest, sampleIntent } from "../../kit/client/samples.js";
import { rng } from "../../kit/rng.js";
import { repoPath } from "../../kit/runtimes/harness.js";

type Json = Record<string, unknown>;
const SEED = 44_2026;

const ridl = repoPath("schema/service.ridl");
const schema = withSuccinctMethods(parseRidl(readFileSync(ridl, "utf8"), ridl));
const docs = buildJsonSchemas(schema, "validator");
const ajv = createStandaloneAjv({ allErrors: false, inlineRefs: 3, messages: true });
for (const doc of docs.values()) ajv.addSchema(doc);

/** ajv's own validator of `type`, with its messages. */
function reference(type: string): ValidateFunction {
  const id = docs.get(type)?.$id;
  const fn = id === undefined ? undefined : ajv.getSchema(String(id));
  if (!fn) throw new Error(`no schema for ${type}`);
  return fn;
}

const shipped = generated as unknown as Record<string, Validator>;

/** What a caller reads of a verdict: valid, or each error's path and message. */
function said(ok: boolean, errors: readonly { instancePath: string; message?: string }[] | null) {
  return ok ? "valid" : (errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** Runs both validators of `type` on `value`; returns the keywords that failed. */
function compare(type: string, value: unknown): string[] {
  const mine = shipped[`validate${type}`];
  if (!mine) throw new Error(`no generated validator for ${type}`);
  const theirs = reference(type);
  const theirOk = theirs(value);
  const expected = said(theirOk, theirs.errors ?? null);
  const myOk = mine(value);
  const written = (mine.errors ?? []).map((e) => ({
    instancePath: e.instancePath,
    message: issueMessage(e.keyword, e.params),
  }));
  expect(said(myOk, written), `${type} ${JSON.stringify(value, big)}`).toEqual(expected);
  // An error's issues are plain data: a caller can log them as JSON.
  JSON.stringify(mine.errors);
  return myOk ? [] : (mine.errors ?? []).map((e) => e.keyword);
}
const big = (_k: string, v: unknown) => (typeof v === "bigint" ? `${v}n` : v);

/** Every path to a member or item of `value` (not the root). */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== "object") return [];
  const keys: (string | number)[] = Array.isArray(value)
    ? value.map((_, i) => i)
    : Object.keys(value as Json);
  return keys.flatMap((k) => [[...at, k], ...paths((value as Json)[k as string], [...at, k])]);
}

const DELETE = Symbol("delete");
/** Replacements a hostile or broken server might send, from the plausible to the absurd. */
const REPLACEMENTS: unknown[] = [
  DELETE,
  null,
  0,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 53,
  -(2n ** 255n),
  2n ** 256n - 1n,
  2n ** 256n,
  -1n,
  "",
  "x",
  "12",
  "-3",
  "0x1234",
  `0x${"ab".repeat(20)}`,
  `0x${"g".repeat(40)}`,
  // Near misses of an address or a hash, a code unit at a time (see hex-patterns.test.ts).
  `0X${"ab".repeat(20)}`,
  `0xz${"b".repeat(39)}`,
  `0x${"b".repeat(39)}z`,
  `0x${"ab".repeat(19)}a\u0660`,
  `0x${"ab".repeat(19)}a\ud800`,
  `0x${"ab".repeat(19)}\u{1F600}`,
  `0x${"ab".repeat(20)}\n`,
  `0x${"Ab".repeat(32)}`,
  "é".repeat(4097),
  `0x${"ab".repeat(65_537)}`,
  Array.from({ length: 501 }, () => ({})),
  true,
  {},
  [],
  [1],
  { extra: 1 },
];

/** A copy of `value` with the member or item at `path` replaced (or deleted). */
function mutate(value: unknown, path: (string | number)[], next: unknown): unknown {
  const copy = structuredClone(value) as Json;
  let parent: Json = copy;
  for (const k of path.slice(0, -1)) parent = parent[k as string] as Json;
  const last = path[path.length - 1] as string;
  if (next === DELETE) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = next;
  return copy;
}

const openapi = JSON.parse(readFileSync(repoPath("generated/openapi.json"), "utf8")) as {
  paths: Record<string, { post: Json }>;
};
/** Each operation's request and answer example, by the type each is validated as. */
const examples: [string, unknown][] = Object.values(openapi.paths).flatMap(({ post }) => {
  const id = String(post.operationId);
  const body = (post.requestBody as { content: Record<string, Json> }).content["application/json"];
  const ok = (post.responses as Record<string, { content: Record<string, Json> }>)["200"]?.content[
    "application/json"
  ];
  return [
    [`${id}Request`, body?.example],
    [`${id}Response`, ok?.example],
  ];
});

const intent = sampleIntent("intent-1", quoteRequest, Date.UTC(2026, 0, 1));
/** Real values: what the dev server and the benches send, bigints decoded. */
const real: [string, unknown][] = [
  ["GetIntentResponse", { intent }],
  ["QuoteIntentResponse", makeQuoteResponse(3)],
  ["SearchIntentsResponse", makeSearchResponse(2, 5)],
  ["QuoteIntentRequest", quoteRequest],
  ["CommitIntentRequest", { intent }],
];

describe("validator messages written from keyword and params", () => {
  it("every validated type has an example or a real value, and each is valid", () => {
    const covered = new Set([...examples, ...real].map(([t]) => t));
    for (const type of validatedTypes(schema).filter((t) => t !== "Intent")) {
      expect(covered.has(type), type).toBe(true);
    }
    for (const [type, value] of [...examples, ...real]) expect(compare(type, value)).toEqual([]);
  });

  it("agree with ajv's own over every change, from a list, of every field of every example", () => {
    const seen = new Set<string>();
    let failed = 0;
    for (const [type, value] of examples) {
      for (const path of paths(value)) {
        for (const next of REPLACEMENTS) {
          const kws = compare(type, mutate(value, path, next));
          if (kws.length > 0) failed++;
          for (const k of kws) seen.add(k);
        }
      }
    }
    expect(failed).toBeGreaterThan(10_000);
    expect([...seen].sort()).toEqual(
      expect.arrayContaining(["maxChars", "maxItems", "pattern", "required", "type"]),
    );
  });

  it("agree with ajv's own over 4,000 seeded changes of real intents, quotes and requests", () => {
    const r = rng(SEED);
    const seen = new Set<string>();
    const all = real.map(([type, value]) => ({ type, value, at: paths(value) }));
    let failed = 0;
    for (let n = 0; n < 4000; n++) {
      const { type, value, at } = r.pick(all);
      const kws = compare(type, mutate(value, r.pick(at), r.pick(REPLACEMENTS)));
      if (kws.length > 0) failed++;
      for (const k of kws) seen.add(k);
    }
    // Most changes break something, and every kind of check the client meets was reached.
    expect(failed).toBeGreaterThan(2000);
    expect([...seen].sort()).toEqual(
      expect.arrayContaining([
        "anyOf",
        "enum",
        "exactInt64",
        "exactInteger",
        "maximum",
        "minimum",
        "not",
        "pattern",
        "required",
        "type",
      ]),
    );
  });

  it("agree with ajv's own over 2,000 seeded pairs of changes (which field fails first)", () => {
    // Two broken fields: the validator must stop, or go on, exactly where ajv's own does.
    const r = rng(SEED + 1);
    const all = real.map(([type, value]) => ({ type, value, at: paths(value) }));
    let failed = 0;
    for (let n = 0; n < 2000; n++) {
      const { type, value, at } = r.pick(all);
      const once = mutate(value, r.pick(at), r.pick(REPLACEMENTS));
      const twice = mutate(
        once,
        r.pick(paths(once).length > 0 ? paths(once) : at),
        r.pick(REPLACEMENTS),
      );
      if (compare(type, twice).length > 0) failed++;
    }
    expect(failed).toBeGreaterThan(1000);
  });

  it("write ajv's words for the custom keywords' bounds", () => {
    expect(issueMessage("exactInteger", { minimum: "0", maximum: String(2n ** 256n - 1n) })).toBe(
      "must be an integer from 0 to 2^256-1: a bigint, a JSON integer or a decimal string",
    );
    expect(issueMessage("maxItems", { limit: 500 })).toBe("must NOT have more than 500 items");
  });
});
