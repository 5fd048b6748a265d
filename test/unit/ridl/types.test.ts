import { describe, expect, it } from "vitest";
import type { StructType } from "../../../scripts/ridl/index.js";
import { bodyError, parseBody } from "../../kit/ridl/source.js";

const fieldTypes = (body: string): string[] =>
  ((parseBody(body).types.find((t) => t.kind === "struct") as StructType).fields ?? []).map(
    (f) => f.type,
  );

describe("types", () => {
  it("accept every core type", () => {
    const core = [
      "null",
      "any",
      "byte",
      "bool",
      "uint",
      "uint8",
      "uint16",
      "uint32",
      "uint64",
      "int",
      "int8",
      "int16",
      "int32",
      "int64",
      "bigint",
      "float32",
      "float64",
      "string",
      "timestamp",
    ];
    const body = `struct U\n${core.map((t, i) => `  - f${i}: ${t}\n`).join("")}`;
    expect(fieldTypes(body)).toEqual(core);
  });

  it("spell lists and maps canonically, dropping whitespace inside maps", () => {
    expect(
      fieldTypes(
        "struct U\n  - a: [][]byte\n  - b: map<int64, []map<string,any>>\n  - c: map < string , U >\n",
      ),
    ).toEqual(["[][]byte", "map<int64,[]map<string,any>>", "map<string,U>"]);
  });

  it("are case-sensitive and have no namespaces", () => {
    expect(bodyError("struct U\n  - a: String\n")).toBe(
      'struct "U": unknown type of field "a": String',
    );
    expect(bodyError("struct Foo\nstruct U\n  - a: foo\n")).toBe(
      'struct "U": unknown type of field "a": foo',
    );
    expect(fieldTypes("struct Foo-Bar.Baz\n  - a: Foo-Bar.Baz\n")).toEqual(["Foo-Bar.Baz"]);
  });

  it("need [] directly before the element type", () => {
    expect(bodyError("struct A\n  - x: [] int\n")).toBe('5:10: error near " ": expecting token');
    expect(bodyError("struct A\n  - x: int[]\n")).toBe('5:13: error near "\\n": expecting token');
    expect(bodyError("struct A\n  - x: [ ]int\n")).toMatch(
      /^5:8: error near "\[": expecting \[close bracket\]/,
    );
  });

  it("keep a glued # in the type name and reject stream/struct as types", () => {
    expect(bodyError("struct A\n  - y: string#c\n")).toBe(
      'struct "A": unknown type of field "y": string#c',
    );
    expect(bodyError("struct A\n  - y: struct\n")).toBe(
      '5:13: error near "struct": unexpected token',
    );
  });

  it("reject a newline inside map<…> and malformed maps", () => {
    expect(bodyError("struct A\n  - m: map<string,\n")).toBe(
      '5:19: error near "\\n": unexpected token',
    );
    expect(bodyError("struct A\n  - m: map<string>\n")).toBe(
      'struct "A": unknown type of field "m": map<string>',
    );
    expect(bodyError("struct A\n  - m: map<string|int>\n")).toBe(
      'struct "A": unknown type of field "m": map<string|int>',
    );
  });

  it("allow string, integer, enum and alias-of-enum map keys only", () => {
    expect(
      fieldTypes(
        "enum E: int\nstruct A\n  - a: map<E,int>\n  - b: map<uint8,int>\n  - c: map<string,int>\n",
      ),
    ).toEqual(["map<E,int>", "map<uint8,int>", "map<string,int>"]);
    for (const key of [
      "bool",
      "float64",
      "bigint",
      "timestamp",
      "byte",
      "any",
      "null",
      "[]int",
      "map<int,int>",
    ]) {
      expect(bodyError(`struct A\n  - m: map<${key},int>\n`)).toBe(
        `struct "A": unknown type of field "m": map<${key},int>`,
      );
    }
  });

  it("report unknown argument types with the schema error", () => {
    expect(bodyError("service S\n  - A(x: X)\n")).toBe(
      "parsing argument X: schema error: invalid type 'X'",
    );
    expect(bodyError("struct U\nservice S\n  - A(x: map<U,int>)\n")).toBe(
      "parsing argument map<U,int>: schema error: invalid map key 'U' for 'map<U,int>'",
    );
  });

  it("end only at whitespace, newline, , | > ) # or EOF", () => {
    expect(bodyError("struct A\n  - a: int=5\n")).toBe('5:11: error near "=": unexpected token');
    expect(bodyError("struct A\n  - a: int|c\n")).toBe(
      'struct "A": unknown type of field "a": int|c',
    );
    expect(bodyError("struct A\n  - a: map<string,int><x,y>\n")).toBe(
      '5:23: error near "<": unexpected token',
    );
    expect(bodyError("struct A\n  - a: map\n")).toBe('5:11: error near "\\n": unexpected token');
    expect(bodyError("struct A\n  - a: []stream\n")).toBe(
      '5:15: error near "stream": unexpected token',
    );
  });

  it("split maps at the first comma and spell an empty value <unknown>", () => {
    expect(fieldTypes("struct A\n  - a: map<string,>\n")).toEqual(["map<string,<unknown>>"]);
    expect(parseBody("type M: map<string,>\n").types[0]).toMatchObject({ type: "map<string,>" });
    expect(bodyError("struct A\n  - a: map<map<string,int>,int>\n")).toBe(
      'struct "A": unknown type of field "a": map<map<string,int>,int>',
    );
    expect(bodyError("struct A\n  - a: map<string>\n")).toBe(
      'struct "A": unknown type of field "a": map<string>',
    );
    expect(bodyError("service S\n  - F(a: map<string>)\n")).toBe(
      "parsing argument map<string>: schema error: invalid map syntax for 'string'",
    );
    expect(bodyError("struct A\n  - a: map>\n")).toBe('struct "A": unknown type of field "a": map');
  });

  it("find enum map keys case-insensitively and keep the key as written", () => {
    expect(fieldTypes("enum Kind: int\nstruct A\n  - a: map<kind,int>\n")).toEqual([
      "map<kind,int>",
    ]);
    expect(fieldTypes("enum E: int\ntype K: E\nstruct A\n  - a: map<K,int>\n")).toEqual([
      "map<K,int>",
    ]);
    expect(bodyError("enum E: int\ntype K: E\ntype KK: K\nstruct A\n  - a: map<KK,int>\n")).toBe(
      'struct "A": unknown type of field "a": map<KK,int>',
    );
  });

  it("decode non-ASCII text once more at each nesting level", () => {
    expect(bodyError("struct A\n  - a: Café\n")).toBe(
      'struct "A": unknown type of field "a": Caf\u00c3\u00a9',
    );
    // element type, then the list: two byte-wise decodings
    expect(bodyError("struct A\n  - a: []Aé\n")).toBe(
      'struct "A": unknown type of field "a": []A\u00c3\u0083\u00c2\u00a9',
    );
    // a word cannot start with a non-ASCII character
    expect(bodyError("struct A\n  - a: []é\n")).toBe('5:10: error near "é": unexpected token');
  });
});
