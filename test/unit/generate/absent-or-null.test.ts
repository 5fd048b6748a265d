/**
 * The emit step's pass that tests an optional, nullable field once (`dataN != null`) instead of
 * its presence and then `null` inside its check: a helper's check and a type test are rewritten,
 * a check that calls another validator, one followed by more checks, or a test of another shape
 * stays. The generated validators' verdicts and errors are held to ajv's own by the differential
 * test (`validator-messages.test.ts`).
 */
import { describe, expect, it } from "vitest";
import { mergeAbsentOrNull } from "../../../scripts/emit/validator-absent-or-null.js";

/** Runs validator-shaped code on `data`: what it returns. */
const run = (code: string, data: unknown): unknown =>
  new Function(
    "data",
    `const check = (x) => x === 1;const validate2 = (x) => x === 1;${code}return "valid";`,
  )(data);

const VALUES = [{}, { a: null }, { a: 1 }, { a: 2 }, { a: "s" }, { a: true }];

describe("mergeAbsentOrNull", () => {
  it("tests absence and null at once before a helper's check", () => {
    const code =
      '{let data0 = data.a;if(data0 !== undefined){if(!(data0 === null || check(data0))){return "a";}}}';
    const merged = mergeAbsentOrNull(code);
    expect(merged).toBe('{let data0 = data.a;if(data0 != null){if(!(check(data0))){return "a";}}}');
    for (const data of VALUES) expect(run(merged, data)).toBe(run(code, data));
  });

  it("tests absence and null at once before a type test, the field's verdict kept", () => {
    const code =
      '{let data0 = data.a;if(data0 !== undefined){if((typeof data0 !== "string") && (data0 !== null)){return "a";}var valid0 = true;}else {var valid0 = true;}}if(!valid0){return "x";}';
    const merged = mergeAbsentOrNull(code);
    expect(merged).toBe(
      '{let data0 = data.a;if(data0 != null){if((typeof data0 !== "string")){return "a";}var valid0 = true;}else {var valid0 = true;}}if(!valid0){return "x";}',
    );
    for (const data of VALUES) expect(run(merged, data)).toBe(run(code, data));
  });

  it("leaves a call of another validator, more checks after the first, an `||`, an other else", () => {
    const unchanged = [
      '{let data0 = data.a;if(data0 !== undefined){if(!validate2(data0) && data0 !== null){return "a";}}}',
      '{let data0 = data.a;if(data0 !== undefined){if(!(data0 === null || validate2(data0))){return "a";}}}',
      '{let data0 = data.a;if(data0 !== undefined){if(typeof data0 !== "string" && data0 !== null){return "a";}if(data0 === ""){return "e";}}}',
      '{let data0 = data.a;if(data0 !== undefined){if(data0 === 2 || data0 === 3 && data0 !== null){return "a";}}}',
      '{let data0 = data.a;if(data0 !== undefined){if(typeof data0 !== "string" && data0 !== null){return "a";}}else {return "none";}}',
    ];
    for (const code of unchanged) expect(mergeAbsentOrNull(code)).toBe(code);
  });
});
