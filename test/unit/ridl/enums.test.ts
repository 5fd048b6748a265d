import { describe, expect, it } from "vitest";
import { bodyError, parseBody } from "../../kit/ridl/source.js";

describe("enums", () => {
  it("gives implicit integer values by list position, not previous + 1", () => {
    const s = parseBody("enum E: uint8\n  - A = 5\n  - B\n  - C = foo\n");
    expect(s.types[0]).toEqual({
      kind: "enum",
      name: "E",
      type: "uint8",
      fields: [
        { name: "A", value: "5" },
        { name: "B", value: "1" },
        { name: "C", value: "foo" },
      ],
    });
  });

  it("gives implicit string values the value name, explicit ones quoted or dotted", () => {
    const s = parseBody('enum S: string\n  - X\n  - Y = "y y"\n  - Z=z.z # doc\n');
    expect(s.types[0]).toMatchObject({
      fields: [
        { name: "X", value: "X" },
        { name: "Y", value: "y y" },
        { comments: ["doc"], name: "Z", value: "z.z" },
      ],
    });
  });

  it("omits fields for an enum without values", () => {
    expect(parseBody("enum E: uint32\n").types[0]).toEqual({
      kind: "enum",
      name: "E",
      type: "uint32",
    });
  });

  it("needs quotes around negative values", () => {
    expect(bodyError("enum E: int\n  - A = -1\n")).toBe('5:9: error near "-": expecting token');
    expect(parseBody('enum E: int\n  - A = "-1"\n').types[0]).toMatchObject({
      fields: [{ value: "-1" }],
    });
  });

  it("accepts only integer and string base types", () => {
    expect(bodyError("enum E: float64\n  - A\n")).toBe(
      "schema error: enum 'E' field 'float64' is invalid. must be an integer type",
    );
    expect(bodyError("enum E: Nope\n")).toBe('enum "E": unknown type: Nope');
    expect(bodyError("enum E: []int\n")).toBe('4:4: error near "enum": expecting [word], got [');
  });

  it("validates value names and their case-insensitive uniqueness", () => {
    expect(bodyError("enum E: int\n  - A\n  - a\n")).toBe(
      "schema error: detected duplicate field name of 'a' in type 'E'",
    );
    expect(bodyError("enum E: int\n  - A_1\n  - 1A\n")).toBe(
      "schema error: invalid field name of '1A' in type 'E'",
    );
  });
});
