import { describe, expect, it } from "vitest";
import type { StructType } from "../../../scripts/ridl/index.js";
import { bodyError, parseBody } from "../../kit/ridl/source.js";

const struct = (body: string) =>
  parseBody(body).types.find((t) => t.kind === "struct") as StructType;

describe("structs and fields", () => {
  it("parse optional fields, meta lines and comments", () => {
    expect(
      struct(
        "struct U # u\n  - id: uint64\n    + json = id\n    + go.tag.db = id\n  # c\n  - createdAt?: timestamp\n",
      ),
    ).toEqual({
      kind: "struct",
      name: "U",
      fields: [
        { name: "id", type: "uint64", meta: [{ json: "id" }, { "go.tag.db": "id" }] },
        { comments: ["c"], name: "createdAt", type: "timestamp", optional: true },
      ],
      comments: ["u"],
    });
  });

  it("read meta values up to whitespace, quoted values whole, and meta on the field's line", () => {
    const s = struct(
      'struct A\n  - x: int + json = y\n    + d = "q # v"\n    + e = x"y"\n    + f=g\n    + h.i = a=b\n    + 9 = default:now(),z#0\n',
    );
    expect(s.fields?.[0]?.meta).toEqual([
      { json: "y" },
      { d: "q # v" },
      { e: 'x"y"' },
      { f: "g" },
      { "h.i": "a=b" },
      { "9": "default:now(),z#0" },
    ]);
  });

  it("have no fields key when empty", () => {
    expect(struct("struct Empty\n")).toEqual({ kind: "struct", name: "Empty" });
  });

  it("allow use before declaration and any indentation", () => {
    const s = parseBody("struct A\n- b: B\nstruct B\n          - x: int\n");
    expect(s.types.map((t) => t.name)).toEqual(["A", "B"]);
  });

  it("reject syntax they do not have", () => {
    expect(bodyError("struct B extends A\n")).toBe('4:16: error near "extends": unexpected token');
    expect(bodyError("struct A\n  - name :string\n")).toBe(
      '5:9: error near " ": expecting [colon], got  ',
    );
    expect(bodyError("struct A\n  - x: int\n  + json = \n")).toBe(
      '6:12: error near "\\n": expecting token',
    );
    expect(bodyError("struct A\n  + json = x\n")).toBe('5:3: error near "+": unexpected token');
  });

  it("validate field names and uniqueness", () => {
    expect(bodyError("struct U\n  - a: string\n  - A: int\n")).toBe(
      "schema error: detected duplicate field name of 'A' in type 'U'",
    );
    expect(bodyError("struct U\n  - a-b: string\n")).toBe(
      "schema error: invalid field name of 'a-b' in type 'U'",
    );
  });

  it("validate json meta names; json = - keeps the field name in the duplicate check", () => {
    expect(bodyError("struct U\n  - a: string\n    + json = b\n  - b: string\n")).toBe(
      "schema error: detected duplicate json name 'b' in field 'b' in type 'U'",
    );
    expect(
      bodyError("struct U\n  - a: string\n    + json = -\n  - A2: string\n    + json = a\n"),
    ).toBe("schema error: detected duplicate json name 'a' in field 'A2' in type 'U'");
    expect(
      struct("struct U\n  - a: string\n    + json = -\n  - A2: string\n    + json = b\n").fields,
    ).toHaveLength(2);
    expect(bodyError("struct U\n  - a: string\n    + json = a-b\n")).toBe(
      "schema error: invalid json name 'a-b' in field 'a' in type 'U'",
    );
  });

  it("take fields on the struct's own line, so CR-only line endings still parse", () => {
    expect(struct("struct A - x: int - y?: string\n").fields).toEqual([
      { name: "x", type: "int" },
      { name: "y", type: "string", optional: true },
    ]);
    expect(struct("struct A\r  - x: int\r  - y: int\r").fields?.map((f) => f.name)).toEqual([
      "x",
      "y",
    ]);
  });
});
