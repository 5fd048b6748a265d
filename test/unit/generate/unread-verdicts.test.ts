/**
 * The emit step's pass that drops verdicts written and never read: a `var validN = true;` whose
 * name is read nowhere else in its validator goes, one that is read (in the same validator) stays,
 * and the same name in another validator is judged there. The generated validators' verdicts and
 * errors are held to ajv's own by the differential test (`validator-messages.test.ts`).
 */
import { describe, expect, it } from "vitest";
import { dropUnreadVerdicts } from "../../../scripts/emit/validator-unread-verdicts.js";

/** Loads validator-shaped code and calls `validate1` on `data`. */
const run = (code: string, data: unknown): unknown =>
  new Function("data", `${code}return validate1(data);`)(data);

describe("dropUnreadVerdicts", () => {
  it("drops a verdict only written, in both branches", () => {
    const code =
      "function validate1(data){if(data.a != null){if(data.a > 1){return false;}var valid0 = true;}else {var valid0 = true;}return true;}";
    const out = dropUnreadVerdicts(code);
    expect(out).toBe(
      "function validate1(data){if(data.a != null){if(data.a > 1){return false;}}else {}return true;}",
    );
    for (const data of [{ a: 2 }, { a: 1 }, {}]) expect(run(out, data)).toBe(run(code, data));
  });

  it("keeps a verdict that is read, and judges each validator on its own", () => {
    const read =
      "function validate1(data){var valid0 = true;if(data.a){valid0 = false;}return valid0;}";
    const unread = "function validate2(data){var valid0 = true;return !data.b;}";
    const out = dropUnreadVerdicts(read + unread);
    expect(out).toBe(`${read}function validate2(data){return !data.b;}`);
    expect(run(out, { a: 1 })).toBe(false);
    expect(run(out, {})).toBe(true);
  });

  it("does not take valid1 for valid10", () => {
    const code =
      "function validate1(data){var valid1 = true;var valid10 = data.a === 1;return valid10;}";
    expect(dropUnreadVerdicts(code)).toBe(
      "function validate1(data){var valid10 = data.a === 1;return valid10;}",
    );
  });
});
