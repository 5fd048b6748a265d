/**
 * The emit step's pass that drops presence tests of fields the required test has proven present:
 * inside the required test's `else` a read-once field loses its test (and its variable, when read
 * once outside a loop), a field checked where it stands and a referenced validator's field lose
 * theirs, and anything outside that `else`, or of another object, stays. The generated
 * validators' verdicts and errors are held to ajv's own by the differential test
 * (`validator-messages.test.ts`).
 */
import { describe, expect, it } from "vitest";
import { dropPresentTests } from "../../../scripts/emit/validator-required-present.js";

/** Runs validator-shaped code on `data`: what it returns (`issueRequired` names the first gap). */
const run = (code: string, data: unknown): unknown =>
  new Function(
    "data",
    "const instancePath = '';const validate1 = (x) => x === 1;const validate9 = null;" +
      "const issueRequired = (f, p, d, keys) => 'missing ' + keys.find((k) => d[k] === undefined);" +
      `${code}return "valid";`,
  )(data);

const REQUIRED =
  'if(data.a === undefined || data.b === undefined){return issueRequired(validate9, instancePath, data, ["a","b"]);}else {';

describe("dropPresentTests", () => {
  it("drops the presence tests of required fields inside the required test's else", () => {
    const code =
      `${REQUIRED}{let data0 = data.a;if(data0 !== undefined){if(data0 !== 2){return "a";}}}` +
      'if(data.b !== undefined){if(typeof data.b !== "string"){return "b";}}' +
      '{let data2 = data.c;if(data2 !== undefined){if(data2 !== 3){return "c";}}}}';
    const dropped = dropPresentTests(code);
    expect(dropped).toBe(
      `${REQUIRED}{if(data.a !== 2){return "a";}}` +
        '{if(typeof data.b !== "string"){return "b";}}' +
        '{let data2 = data.c;if(data2 !== undefined){if(data2 !== 3){return "c";}}}}',
    );
    for (const data of [{}, { a: 2 }, { a: 1, b: "x" }, { a: 2, b: 1 }, { a: 2, b: "x", c: 4 }])
      expect(run(dropped, data)).toBe(run(code, data));
  });

  it("keeps the variable of a field read twice or in a loop, and drops the else that only marks it", () => {
    const twice = `${REQUIRED}{let data0 = data.a;if(data0 !== undefined){if(data0 !== data0){return "a";}var valid0 = true;}else {var valid0 = true;}}}`;
    expect(dropPresentTests(twice)).toBe(
      `${REQUIRED}{let data0 = data.a;if(data0 !== data0){return "a";}var valid0 = true;}}`,
    );
    const loop = `${REQUIRED}{let data0 = data.a;if(data0 !== undefined){for(const x of [1]){if(data0 !== 2){return "a";}}}}}`;
    expect(dropPresentTests(loop)).toBe(
      `${REQUIRED}{let data0 = data.a;for(const x of [1]){if(data0 !== 2){return "a";}}}}`,
    );
  });

  it("calls a referenced validator without testing the field's presence", () => {
    const code = `${REQUIRED}if(!(data.a === undefined || validate1(data.a))){return "ref";}}`;
    const dropped = dropPresentTests(code);
    expect(dropped).toBe(`${REQUIRED}if(!(validate1(data.a))){return "ref";}}`);
    for (const data of [{}, { a: 1, b: 0 }, { a: 2, b: 0 }])
      expect(run(dropped, data)).toBe(run(code, data));
  });

  it("leaves an else that does more than mark the field, and code outside the required test", () => {
    const other = `${REQUIRED}if(data.a !== undefined){return "a";}else {return "none";}}`;
    expect(dropPresentTests(other)).toBe(other);
    const outside = 'if(data.a !== undefined){return "a";}';
    expect(dropPresentTests(outside)).toBe(outside);
  });
});
