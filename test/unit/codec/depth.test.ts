import { describe, expect, it } from "vitest";
import { parseExact } from "../../../src/codec/exact-parse.js";
import {
  compilePaths,
  decodeWithPaths,
  encodeWithPaths,
  JsonDecodeError,
  JsonEncodeError,
  MAX_DEPTH,
} from "../../../src/codec/index.js";
import { queryKeyHashFn, toKeySafe } from "../../../src/query/index.js";

const tree = compilePaths(["salt"]);
/** `{"salt":1,"x":` + `[` × (depth - 1) + `{}` + closing brackets: `depth` nested containers. */
const nested = (depth: number) =>
  `{"salt":12345678901234567891,"x":${"[".repeat(depth - 2)}{}${"]".repeat(depth - 2)}}`;

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error("expected an error");
}

describe("nesting depth", () => {
  it("decodes and re-encodes exactly MAX_DEPTH levels", () => {
    const text = nested(MAX_DEPTH);
    const v = decodeWithPaths(text, tree);
    expect((v as { salt: bigint }).salt).toBe(12345678901234567891n);
    expect(encodeWithPaths(v, tree)).toBe(text);
    expect(parseExact(text, tree)).toEqual(v);
  });

  it.each([MAX_DEPTH + 1, 10_000, 200_000])(
    "refuses %i levels with a typed error naming the path, in every decoder",
    (depth) => {
      const text = nested(depth);
      const e = thrown(() => decodeWithPaths(text, tree));
      expect(e).toBeInstanceOf(JsonDecodeError);
      const path = `$.x${"[0]".repeat(MAX_DEPTH - 1)}`;
      expect((e as JsonDecodeError).path).toBe(path);
      expect((e as Error).message).toContain(`Nesting deeper than ${MAX_DEPTH} levels`);
      const exact = thrown(() => parseExact(text, tree));
      expect(exact).toBeInstanceOf(JsonDecodeError);
      expect((exact as JsonDecodeError).path).toBe(path);
    },
  );

  it("the encoder refuses the same depth with a JsonEncodeError, never a RangeError", () => {
    for (const depth of [MAX_DEPTH + 1, 10_000, 200_000]) {
      let value: unknown = {};
      for (let i = 1; i < depth; i++) value = [value];
      const e = thrown(() => encodeWithPaths({ a: value }, tree));
      expect(e).toBeInstanceOf(JsonEncodeError);
      expect(e).toBeInstanceOf(TypeError);
      expect((e as JsonEncodeError).path).toBe(`$.a${"[0]".repeat(MAX_DEPTH - 1)}`);
    }
    let ok: unknown = {};
    for (let i = 2; i < MAX_DEPTH; i++) ok = [ok];
    expect(() => encodeWithPaths({ a: ok }, tree)).not.toThrow();
  });

  it("a deep value at the root of an unknown field, through the strings and numbers wires", () => {
    const text = `{"salt":"1","u":${'{"k":'.repeat(MAX_DEPTH)}1${"}".repeat(MAX_DEPTH)}}`;
    const e = thrown(() => decodeWithPaths(text, tree));
    expect(e).toBeInstanceOf(JsonDecodeError);
    expect((e as JsonDecodeError).path).toBe(`$.u${".k".repeat(MAX_DEPTH - 1)}`);
  });

  it("query keys: whatever decodes hashes; deeper keys are a JsonEncodeError, never a RangeError", () => {
    const decoded = decodeWithPaths(nested(MAX_DEPTH - 2), tree); // two levels for the key
    expect(queryKeyHashFn(["xchain-intents", decoded])).toContain('"salt":{"$bigint":');
    expect(toKeySafe({ decoded })).toBeTruthy();
    let deep: unknown = {};
    for (let i = 0; i < 10_000; i++) deep = [deep];
    for (const f of [() => queryKeyHashFn(["k", deep]), () => toKeySafe({ deep })]) {
      const e = thrown(f);
      expect(e).toBeInstanceOf(JsonEncodeError);
      expect((e as Error).message).toContain(`Nesting deeper than ${MAX_DEPTH} levels at $`);
    }
  });
});
