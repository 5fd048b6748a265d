/**
 * The emit step's pass that drops known and unread verdicts: a test right after a bare block that
 * ends by setting its verdict to `true` goes (a body's or an `else`'s block is not bare, strings
 * do not count); a `var validN = true;` whose name is read nowhere else in its validator goes, one
 * that is read (in the same validator) stays, and the same name in another validator is judged
 * there. The generated validators' verdicts and
 * errors are held to ajv's own by the differential test (`validator-messages.test.ts`).
 */
import { describe, expect, it } from "vitest";
import { dropKnownVerdicts } from "../../../scripts/emit/validator-verdicts.js";

/** Loads validator-shaped code and calls `validate1` on `data`. */
const run = (code: string, data: unknown): unknown =>
  new Function("data", `${code}return validate1(data);`)(data);

describe("dropKnownVerdicts", () => {
  it("drops a verdict only written, in both branches", () => {
    const code =
      "function validate1(data){if(data.a != null){if(data.a > 1){return false;}var valid0 = true;}else {var valid0 = true;}return true;}";
    const out = dropKnownVerdicts(code);
    expect(out).toBe(
      "function validate1(data){if(data.a != null){if(data.a > 1){return false;}}else {}return true;}",
    );
    for (const data of [{ a: 2 }, { a: 1 }, {}]) expect(run(out, data)).toBe(run(code, data));
  });

  it("keeps a verdict that is read, and judges each validator on its own", () => {
    const read =
      "function validate1(data){var valid0 = true;if(data.a){valid0 = false;}return valid0;}";
    const unread = "function validate2(data){var valid0 = true;return !data.b;}";
    const out = dropKnownVerdicts(read + unread);
    expect(out).toBe(`${read}function validate2(data){return !data.b;}`);
    expect(run(out, { a: 1 })).toBe(false);
    expect(run(out, {})).toBe(true);
  });

  it("does not take valid1 for valid10", () => {
    const code =
      "function validate1(data){var valid1 = true;var valid10 = data.a === 1;return valid10;}";
    expect(dropKnownVerdicts(code)).toBe(
      "function validate1(data){var valid10 = data.a === 1;return valid10;}",
    );
  });

  it("drops a test known true after a bare block, and keeps one after a body", () => {
    const code =
      'function validate1(data){{let x = data.a;if(x === "}"){return false;}var valid0 = true;}if(valid0){if(data.b){return false;}}return true;}';
    const out = dropKnownVerdicts(code);
    expect(out).toBe(
      'function validate1(data){{let x = data.a;if(x === "}"){return false;}}{if(data.b){return false;}}return true;}',
    );
    for (const data of [{ a: "}" }, { b: 1 }, {}]) expect(run(out, data)).toBe(run(code, data));
    // After an `if`'s body the block may not have run: the verdict may be unset, the test stays.
    const body =
      "function validate1(data){if(data.a){var valid0 = true;}if(valid0){return false;}return true;}";
    expect(dropKnownVerdicts(body)).toBe(body);
    expect(run(dropKnownVerdicts(body), {})).toBe(true);
    const otherwise =
      "function validate1(data){if(data.a){return 1;}else {var valid0 = true;}if(valid0){return 2;}return 3;}";
    expect(dropKnownVerdicts(otherwise)).toBe(otherwise);
  });

  it("refuses code whose blocks do not close", () => {
    expect(() => dropKnownVerdicts("function validate1(data){{")).toThrow(/not closed/);
  });
});
