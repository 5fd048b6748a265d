/**
 * The emit step's rewrite of a field's type check into one helper call: a number (JSON Schema's
 * `number`: finite) into `issueNum`, a string into `issueString`, a boolean into `issueBoolean`.
 * The shapes rewritten (a field read into a variable or read where it stands, a field that may be
 * `null`), the shape left (an item's path, with its index), and the same verdict and error as
 * ajv's code for every kind of value. The generated validators are held to ajv's own by the
 * differential test (`validator-messages.test.ts`).
 */
import { describe, expect, it } from "vitest";
import { compactFieldChecks, FIELD_HELPERS } from "../../../scripts/emit/validator-fields.js";

const fail = (type: string, at = '"/f"') =>
  `return issueEnd(validate9, instancePath+${at}, "type", {type: "${type}"});}`;
const NUMBER = `if(!((typeof data0 == "number") && (isFinite(data0)))){${fail("number")}`;
const NULLABLE_NUMBER = `if((!((typeof data0 == "number") && (isFinite(data0)))) && (data0 !== null)){${fail("number")}`;
const STRING = `if(typeof data.f !== "string"){${fail("string")}`;
const NULLABLE_BOOLEAN = `if((typeof data0 !== "boolean") && (data0 !== null)){${fail("boolean")}`;

/** Runs validator-shaped code on a value (as `data0` and `data.f`): its verdict and errors. */
const run = (code: string, value: unknown): unknown =>
  new Function(
    "data0",
    'const data = { f: data0 };const instancePath = "/fees";const validate9 = { errors: null };' +
      "function issueEnd(f, instancePath, keyword, params) { f.errors = [{ instancePath, keyword, params }]; return false; }" +
      `${FIELD_HELPERS}const ok = (() => {${code}return true;})();return [ok, validate9.errors];`,
  )(value);

const VALUES = [
  0,
  -0,
  1.5,
  -1e308,
  Number.NaN,
  Infinity,
  "1",
  "",
  1n,
  true,
  false,
  null,
  undefined,
];

describe("compactFieldChecks: type checks", () => {
  it("makes each check one helper call, null let through where it may be", () => {
    expect(compactFieldChecks(NUMBER)).toBe(
      'if(!issueNum(validate9, instancePath, "/f", data0)){return false;}',
    );
    expect(compactFieldChecks(NULLABLE_NUMBER)).toBe(
      'if(!(data0 === null || issueNum(validate9, instancePath, "/f", data0))){return false;}',
    );
    expect(compactFieldChecks(STRING)).toBe(
      'if(!issueString(validate9, instancePath, "/f", data.f)){return false;}',
    );
    expect(compactFieldChecks(NULLABLE_BOOLEAN)).toBe(
      'if(!(data0 === null || issueBoolean(validate9, instancePath, "/f", data0))){return false;}',
    );
  });

  it("gives ajv's verdict and error for every kind of value", () => {
    for (const code of [NUMBER, NULLABLE_NUMBER, STRING, NULLABLE_BOOLEAN]) {
      const compact = compactFieldChecks(code);
      for (const value of [...VALUES, {}, []])
        expect(run(compact, value), `${code} ${String(value)}`).toEqual(run(code, value));
    }
    expect(run(compactFieldChecks(NUMBER), Number.NaN)).toEqual([
      false,
      [{ instancePath: "/fees/f", keyword: "type", params: { type: "number" } }],
    ]);
  });

  it("leaves an item's check, whose path holds its index, as ajv wrote it", () => {
    for (const item of [
      `if(!((typeof data0 == "number") && (isFinite(data0)))){${fail("number", '"/f/" + i0')}`,
      `if(typeof data0 !== "string"){${fail("string", '"/f/" + i0')}`,
    ]) {
      expect(compactFieldChecks(item)).not.toMatch(/issue(Num|String)\(/);
      expect(compactFieldChecks(item)).toContain("typeof data0");
    }
  });
});
