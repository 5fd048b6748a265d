/**
 * The decoding validators' generator side: numbers in bigint arrays make the one-traversal decode
 * read the whole text, maps leave the decision to the reference path, and the generator refuses
 * the schema shapes the decoding context cannot account for.
 */
import { describe, expect, it } from "vitest";
import type { Validator } from "../../generated/validators.js";
import { checkSchemaDepth, withDecodingKeywords } from "../../scripts/emit/decoding-keywords.js";
import { SchemaModel } from "../../scripts/emit/model.js";
import { decodeValidated, UNDECIDED } from "../../src/codec/decode-validated.js";
import { compilePaths, decodeWithPaths } from "../../src/codec/index.js";
import { loadMiniValidators, mini } from "./helpers/mini.js";

const model = new SchemaModel(mini);
const reference = (text: string, type: string) =>
  decodeWithPaths(text, compilePaths(model.bigintPaths(type)));

describe("decoding validators of a schema with arrays and maps of bigints", () => {
  it("decode numbers in bigint arrays exactly, reading the whole text", async () => {
    const { validateDeep } = await loadMiniValidators();
    const text =
      '{"grid":[[1,12345678901234567891],[],[98765432109876543210,-3]],"byChain":{},"fee":"7","plain":9}';
    const decoded = decodeValidated(text, validateDeep as Validator);
    expect(decoded).toEqual({
      grid: [[1n, 12345678901234567891n], [], [98765432109876543210n, -3n]],
      byChain: {},
      fee: 7n,
      plain: 9,
    });
    expect(decoded).toEqual(reference(text, "Deep"));
    // A map with members: only the reference path decodes it.
    const map = text.replace('"byChain":{}', '"byChain":{"1":[{"to":"0x1","value":2}]}');
    expect(decodeValidated(map, validateDeep as Validator)).toBe(UNDECIDED);
    expect(reference(map, "Deep")).toMatchObject({ byChain: { 1: [{ value: 2n }] } });
  });

  it("refuse a fraction in a bigint array like the reference path", async () => {
    const { validateDeep } = await loadMiniValidators();
    const text = '{"grid":[[21000.0]],"byChain":{},"fee":1,"plain":1}';
    expect(decodeValidated(text, validateDeep as Validator)).toBe(UNDECIDED);
    expect(() => reference(text, "Deep")).toThrow(/grid/);
  });

  it("leave a map of bigints to the reference path", async () => {
    const { validateGetIntentResponse } = await loadMiniValidators();
    const text =
      '{"intent":{"status":"QUOTED","salt":"5","calls":[],"m":{"a":"12"},"createdAt":"x"}}';
    expect(decodeValidated(text, validateGetIntentResponse as Validator)).toBe(UNDECIDED);
    const plain = text.replace(',"m":{"a":"12"}', "");
    expect(decodeValidated(plain, validateGetIntentResponse as Validator)).toEqual({
      intent: { status: "QUOTED", salt: 5n, calls: [], createdAt: "x" },
    });
  });

  it("only check, and change nothing, when called without a context", async () => {
    const { validateDeep } = await loadMiniValidators();
    const value = {
      grid: [["12", 3]],
      byChain: { "1": [{ to: "a", value: "4" }] },
      fee: "7",
      plain: 1,
    };
    const copy = structuredClone(value);
    expect(validateDeep?.(value)).toBe(true);
    expect(value).toEqual(copy);
  });
});

describe("the generator refuses what the decoding context cannot account for", () => {
  const id = (name: string) => `https://x.example/validator/${name}.json`;
  it("a recursive type", () => {
    const docs = new Map([
      ["Node", { $id: id("Node"), type: "object", properties: { next: { $ref: "Node.json" } } }],
    ]);
    expect(() => checkSchemaDepth(docs)).toThrow(/recursive/);
  });

  it("nesting past the codec's margin", () => {
    let inner: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 70; i++) inner = { type: "array", items: inner };
    expect(() => checkSchemaDepth(new Map([["Deep", { $id: id("Deep"), ...inner }]]))).toThrow(
      /nests 70 levels/,
    );
    expect(() =>
      checkSchemaDepth(new Map([["Deep", { $id: id("Deep"), ...inner }]]), 80),
    ).not.toThrow();
  });

  it("keywords that would validate (and count) a value twice", () => {
    expect(() => withDecodingKeywords({ oneOf: [{ type: "object" }, { type: "null" }] })).toThrow(
      /oneOf/,
    );
    expect(() => withDecodingKeywords({ allOf: [{ type: "object" }] })).toThrow(/allOf/);
    expect(() =>
      withDecodingKeywords({ anyOf: [{ $ref: "A.json" }, { type: "object" }, { type: "null" }] }),
    ).toThrow(/anyOf/);
    expect(() =>
      withDecodingKeywords({ anyOf: [{ $ref: "A.json" }, { type: "null" }] }),
    ).not.toThrow();
  });

  it("member names that the generated code cannot carry", () => {
    const proto = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}');
    expect(() => withDecodingKeywords(proto)).toThrow(/__proto__/);
    const comma = { type: "object", properties: { "a,b": { type: "string" } } };
    expect(() => withDecodingKeywords(comma)).toThrow(/comma/);
  });
});
