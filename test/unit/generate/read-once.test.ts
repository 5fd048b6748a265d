/**
 * The emit step's "read a field once" pass: ajv's presence test and read become one read and a
 * test of the variable, the `else` of the test stays on it, nested fields are rewritten too, and
 * braces inside strings do not move the end of a block. The generated validators' verdicts and
 * errors are held to ajv's own by the differential test (`validator-messages.test.ts`).
 */
import { describe, expect, it } from "vitest";
import { readFieldsOnce } from "../../../scripts/emit/validator-read-once.js";

/** Runs validator-shaped code on `data`: what it returns. */
const run = (code: string, data: unknown): unknown =>
  new Function("data", `let out = "absent";${code}return out;`)(data);

describe("readFieldsOnce", () => {
  it("reads the field into its variable first, then tests the variable", () => {
    const code = 'if(data.a !== undefined){let data0 = data.a;out = data0 + "{x}";}';
    const once = readFieldsOnce(code);
    expect(once).toBe('{let data0 = data.a;if(data0 !== undefined){out = data0 + "{x}";}}');
    for (const data of [{ a: 1 }, {}, { a: "}" }]) expect(run(once, data)).toBe(run(code, data));
  });

  it("keeps the presence test's else block on the test", () => {
    const code = "if(data.a !== undefined){let data0 = data.a;out = data0;}else {out = 'none';}";
    const once = readFieldsOnce(code);
    expect(once).toBe(
      "{let data0 = data.a;if(data0 !== undefined){out = data0;}else {out = 'none';}}",
    );
    expect(run(once, {})).toBe("none");
    expect(run(once, { a: 2 })).toBe(2);
  });

  it("rewrites a field of a field, and leaves a test with an else that is no block", () => {
    const nested =
      "if(data.a !== undefined){let data0 = data.a;if(data0.b !== undefined){let data1 = data0.b;out = data1;}}";
    const once = readFieldsOnce(nested);
    expect(once).toBe(
      "{let data0 = data.a;if(data0 !== undefined){{let data1 = data0.b;if(data1 !== undefined){out = data1;}}}}",
    );
    expect(run(once, { a: { b: 3 } })).toBe(3);
    const bare = "if(data.a !== undefined){let data0 = data.a;out = data0;}else out = 0;";
    expect(readFieldsOnce(bare)).toBe(bare);
  });

  it("reads a field once where the object counts its reads", () => {
    let reads = 0;
    const data = {
      get a() {
        reads++;
        return 5;
      },
    };
    const once = readFieldsOnce("if(data.a !== undefined){let data0 = data.a;out = data0;}");
    expect(run(once, data)).toBe(5);
    expect(reads).toBe(1);
  });

  it("refuses code whose blocks do not close", () => {
    expect(() => readFieldsOnce("if(data.a !== undefined){let data0 = data.a;{")).toThrow(
      /unbalanced/,
    );
  });
});
