/**
 * The emit step's pass that makes a referenced validator's failure a return
 * (`issueFrom(validateN, validateK)`) in a validator that collects no other error: the validator
 * ends with the referenced validator's errors, as ajv's appended list left it, items of a list
 * included, and a list joined to the empty one is that list; a validator with an alternative
 * (`errors++`, `issueCut`) stays as it was. The generated validators' verdicts and errors are held
 * to ajv's own by the differential test (`validator-messages.test.ts`).
 */
import { describe, expect, it } from "vitest";
import { endAtJoins, JOINED_HELPERS } from "../../../scripts/emit/validator-joined-ends.js";

interface Fn {
  (data: unknown): boolean;
  errors?: unknown;
}

/** Compiles validator-shaped `code` beside a referenced validator that fails on `2`. */
function compile(code: string): Fn {
  return new Function(
    `function issueJoin(list, more) { return list === null ? more : list.concat(more); }
function issueCut(list, n) { if (list === null || n === 0) return null; list.length = n; return list; }
${JOINED_HELPERS}
function validate2(data) { if (data === 2) { validate2.errors = [{ instancePath: "", keyword: "two", params: {} }]; return false; } validate2.errors = null; return true; }
${code}
return validate1;`,
  )() as Fn;
}

const FIELD =
  "function validate1(data){let vErrors = null;let errors = 0;if(!validate2(data.a)){vErrors = issueJoin(vErrors, validate2.errors);errors = vErrors.length;}else {if(data.b === 0){return false;}}validate1.errors = vErrors;return errors === 0;}";
const ITEMS =
  "function validate1(data){let vErrors = null;let errors = 0;for(const x of data.list){if(!validate2(x)){vErrors = issueJoin(vErrors, validate2.errors);errors = vErrors.length;break;}}validate1.errors = vErrors;return errors === 0;}";

describe("endAtJoins", () => {
  it("returns at a referenced validator's failure, with its errors", () => {
    const ended = endAtJoins(FIELD);
    expect(ended).toBe(
      "function validate1(data){let vErrors = null;let errors = 0;if(!validate2(data.a)){return issueFrom(validate1, validate2);}else {if(data.b === 0){return false;}}validate1.errors = vErrors;return errors === 0;}",
    );
    for (const data of [{ a: 1 }, { a: 2 }, { a: 1, b: 0 }, { a: 2, b: 0 }]) {
      const [ajvs, ours] = [compile(FIELD), compile(ended)];
      expect(ours(data)).toBe(ajvs(data));
      expect(ours.errors).toEqual(ajvs.errors);
    }
  });

  it("returns at a failing item, the loop's break gone", () => {
    const ended = endAtJoins(ITEMS);
    expect(ended).toContain("{return issueFrom(validate1, validate2);}}");
    expect(ended).not.toContain("break");
    for (const data of [{ list: [] }, { list: [1, 1] }, { list: [1, 2, 2] }]) {
      const [ajvs, ours] = [compile(ITEMS), compile(ended)];
      expect(ours(data)).toBe(ajvs(data));
      expect(ours.errors).toEqual(ajvs.errors);
    }
  });

  it("passes a referenced validator's errors as they are where the list is still empty", () => {
    const nullable =
      'function validate1(data){let vErrors = null;let errors = 0;if(!validate2(data.a) && data.a !== null){validate1.errors = issueJoin(vErrors, validate2.errors).concat([{ keyword: "null" }]);return false;}validate1.errors = vErrors;return errors === 0;}';
    const ended = endAtJoins(nullable);
    expect(ended).toContain("validate1.errors = validate2.errors.concat(");
    for (const data of [{ a: 1 }, { a: 2 }, { a: null }]) {
      const [ajvs, ours] = [compile(nullable), compile(ended)];
      expect(ours(data)).toBe(ajvs(data));
      expect(ours.errors).toEqual(ajvs.errors);
    }
  });

  it("leaves a validator that collects other errors", () => {
    const counted = FIELD.replace("return false;", "errors++;");
    expect(endAtJoins(counted)).toBe(counted);
    const cut = FIELD.replace("return false;", "vErrors = issueCut(vErrors, errors = 0);");
    expect(endAtJoins(cut)).toBe(cut);
  });
});
