/**
 * The emit step's pass that unwraps an `else` after a body ending in a `return`: the `else` body
 * becomes a bare block (its declarations keep their scope), a body that may run off its end keeps
 * its `else`, and a `return` whose expression holds a brace or a `;` in a string is still read
 * whole. The generated validators' verdicts and errors are held to ajv's own by the differential
 * test (`validator-messages.test.ts`).
 */
import { describe, expect, it } from "vitest";
import { unwrapElseAfterReturn } from "../../../scripts/emit/validator-else-returns.js";

/** Runs validator-shaped code on `data`: what it returns. */
const run = (code: string, data: unknown): unknown => new Function("data", code)(data);

describe("unwrapElseAfterReturn", () => {
  it("unwraps the else after a returning body, keeping its block", () => {
    const code =
      'if(!data.a){return f(";}else {");}else {let b = data.b;if(!b){return 2;}else {return 3;}}function f(s){return s;}';
    const out = unwrapElseAfterReturn(code);
    expect(out).toBe(
      'if(!data.a){return f(";}else {");}{let b = data.b;if(!b){return 2;}{return 3;}}function f(s){return s;}',
    );
    for (const data of [{}, { a: 1 }, { a: 1, b: 1 }]) expect(run(out, data)).toBe(run(code, data));
  });

  it("keeps the else of a body that may run off its end", () => {
    const code = "let x = 0;if(data.a){if(data.b){return 1;}}else {x = 2;}return x;";
    expect(unwrapElseAfterReturn(code)).toBe(code);
    // A return whose object holds a brace is not taken apart.
    const object = "if(data.a){return {a: 1};}else {return 2;}";
    expect(unwrapElseAfterReturn(object)).toBe(object);
  });
});
