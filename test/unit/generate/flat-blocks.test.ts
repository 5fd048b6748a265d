/**
 * The emit step's pass that unwraps bare blocks declaring nothing: such a block goes, a block that
 * declares stays (its names keep their scope), bodies and object literals are never taken for
 * bare blocks, and braces inside strings do not count. The generated validators' verdicts and
 * errors are held to ajv's own by the differential test (`validator-messages.test.ts`).
 */
import { describe, expect, it } from "vitest";
import { flattenBareBlocks } from "../../../scripts/emit/validator-flat-blocks.js";

/** Runs validator-shaped code on `data`: what it returns. */
const run = (code: string, data: unknown): unknown => new Function("data", code)(data);

describe("flattenBareBlocks", () => {
  it("unwraps nested bare blocks and keeps bodies and object literals", () => {
    const code =
      'if(data.a){return {a: "{"};}{if(data.b){return 2;}{if(data.c){return 3;}}}return f({x: 1});function f(o){return o.x;}';
    const flat = flattenBareBlocks(code);
    expect(flat).toBe(
      'if(data.a){return {a: "{"};}if(data.b){return 2;}if(data.c){return 3;}return f({x: 1});function f(o){return o.x;}',
    );
    for (const data of [{ a: 1 }, { b: 1 }, { c: 1 }, {}]) {
      expect(run(flat, data)).toEqual(run(code, data));
    }
  });

  it("keeps a block that declares at its own level, and unwraps the bare ones inside it", () => {
    const code = "{let x = data.a;{if(x){return x;}}}{const y = 2;return y;}";
    expect(flattenBareBlocks(code)).toBe(
      "{let x = data.a;if(x){return x;}}{const y = 2;return y;}",
    );
    expect(run(flattenBareBlocks(code), { a: 5 })).toBe(5);
    expect(run(flattenBareBlocks(code), {})).toBe(2);
  });

  it("keeps else bodies, and a name that only ends in let", () => {
    const code = "if(data.a){return 1;}else {{outlet = 2;}}var outlet;return outlet;";
    expect(flattenBareBlocks(code)).toBe(
      "if(data.a){return 1;}else {outlet = 2;}var outlet;return outlet;",
    );
  });

  it("refuses code whose blocks do not close", () => {
    expect(() => flattenBareBlocks("{if(x){")).toThrow(/not closed/);
  });
});
