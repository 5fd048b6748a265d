import { afterEach, describe, expect, it } from "vitest";
import { compilePaths, decodeWithPaths, stringifyJson } from "../../../src/codec/index.js";

const tree = compilePaths(["__proto__", "constructor", "prototype", "m{}", "a.__proto__.x"]);

afterEach(() => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty("x");
});

describe("prototype keys in input", () => {
  it("become own properties and never change a prototype", () => {
    const text =
      '{"__proto__":"1","constructor":"2","prototype":"3","m":{"__proto__":"4","constructor":"5"},"x":{"constructor":{"prototype":{"polluted":1}}},"a":{"__proto__":{"x":"5"}}}';
    const v = decodeWithPaths(text, compilePaths(["__proto__", "constructor", "prototype", "m{}"]));
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    const obj = v as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(obj, "__proto__")?.value).toBe(1n);
    expect(Object.hasOwn(obj, "constructor")).toBe(true);
  });

  it("bigints written at __proto__ keys stay own data properties", () => {
    const text = '{"m":{"__proto__":"4","y":"5"},"a":{"__proto__":{"x":"6"}}}';
    const v = decodeWithPaths(text, tree) as { m: object; a: object };
    expect(Object.getPrototypeOf(v.m)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(v.m, "__proto__")?.value).toBe(4n);
    const inner = Object.getOwnPropertyDescriptor(v.a, "__proto__")?.value;
    expect(inner).toEqual({ x: 6n });
    expect(Object.getPrototypeOf(v.a)).toBe(Object.prototype);
  });

  it("the exact parser (used for numbers past 2^53) keeps them as own properties too", () => {
    const text =
      '{"other":12345678901234567891,"m":{"__proto__":12345678901234567890},"a":{"__proto__":{"x":100,"polluted":1}}}';
    const v = decodeWithPaths(text, tree) as { m: object; a: object };
    expect(Object.getPrototypeOf(v.m)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(v.m, "__proto__")?.value).toBe(12345678901234567890n);
    expect(Object.getPrototypeOf(v.a)).toBe(Object.prototype);
  });

  it("inherited names on a bigint path are not read from Object.prototype", () => {
    expect(decodeWithPaths('{"m":{}}', tree)).toEqual({ m: {} });
    expect(decodeWithPaths("{}", tree)).toEqual({});
  });

  it("round trip through stringifyJson keeps the keys", () => {
    const text = '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}';
    const v = decodeWithPaths(text, compilePaths(["n"]));
    expect(stringifyJson(v, "NoSuchType")).toBe(text);
  });
});
