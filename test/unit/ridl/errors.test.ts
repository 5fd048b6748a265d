import { describe, expect, it } from "vitest";
import { bodyError, parseBody } from "../../kit/ridl/source.js";

describe("errors", () => {
  it("default to HTTP 400 and accept a one-word message", () => {
    const s = parseBody(
      'error 1000 Unauthorized "Unauthorized access" HTTP 401\nerror 7 Missing single_word\n',
    );
    expect(s.errors).toEqual([
      { code: 1000, name: "Unauthorized", message: "Unauthorized access", httpStatus: 401 },
      { code: 7, name: "Missing", message: "single_word", httpStatus: 400 },
    ]);
  });

  it("need a numeric code and a case-sensitive HTTP keyword with a numeric status", () => {
    expect(bodyError('error x A "m"\n')).toBe(
      `4:11: error near "\\"": expecting error code to be a number but got 'x'`,
    );
    expect(bodyError('error 1 A "m" Http 404\n')).toBe(
      `4:18: error near "Http": expecting optional 'HTTP <status code>' but got 'Http'`,
    );
    expect(bodyError('error 1 A "m" HTTP x4\n')).toBe(
      `4:21: error near "x4": expecting HTTP '<status code>' to be a number but got 'x4'`,
    );
  });

  it("need a non-empty message", () => {
    expect(bodyError('error 1 A ""\n')).toBe('4:13: error near "\\n": expecting token');
    expect(bodyError("error 1 A\n")).toBe('4:10: error near "\\n": expected <message> but got \n');
  });

  it("validate status range, name case and uniqueness", () => {
    expect(bodyError('error 1 A "x" HTTP 600\n')).toBe(
      "schema error: invalid HTTP status code '600' for error type 'A' (must be number between 400-599)",
    );
    expect(bodyError('error 1 a "x"\n')).toBe("schema error name must start with upper case: 'a'");
    expect(bodyError('error 1 A "x"\nerror 2 b "y"\n')).toBe(
      "schema error name must start with upper case: 'b'",
    );
    expect(bodyError('error 1 A "x"\nerror 2 AB "y"\nerror 3 Ab "y"\n')).toBe(
      "schema error: detected duplicate error name of 'Ab'",
    );
    expect(bodyError('error 1 A "x"\nerror 1 B "y"\n')).toBe(
      "schema error: detected duplicate error code of '1'",
    );
    expect(bodyError('error 0 A "x"\n')).toBe("schema error code must be positive number");
    expect(bodyError('error 1 WebrpcX "x"\n')).toBe(
      "schema error name cannot start with 'Webrpc': 'WebrpcX'",
    );
  });

  it("saturate codes beyond int32 like Go's ParseInt", () => {
    expect(parseBody('error 99999999999 A "x"\n').errors[0]?.code).toBe(2147483647);
  });

  it("print the got token's raw text", () => {
    expect(bodyError("error 1 E (x)\n")).toBe('4:11: error near "(": expected <message> but got (');
    expect(bodyError("error 1 E")).toBe('0:0: error near "": expected <message> but got [EOF]');
  });

  it("trim Unicode spaces off names as Go's strings.TrimSpace does", () => {
    expect(parseBody('error 1 E\u00a0 "x"\n').errors[0]?.name).toBe("E");
  });
});
