import { describe, expect, it } from "vitest";
import { parseServeArgs, SERVE_DEFAULTS } from "../../src/devserver/config/serve-args.js";

describe("parseServeArgs", () => {
  it("applies the defaults to no arguments", () => {
    expect(parseServeArgs([])).toEqual({ port: 8787, host: "127.0.0.1", stringBigints: false });
    expect(parseServeArgs([])).toEqual(SERVE_DEFAULTS);
  });

  it("reads every option, as `--name value` or `--name=value`", () => {
    expect(parseServeArgs(["--port", "0", "--host", "::1", "--string-bigints"])).toEqual({
      port: 0,
      host: "::1",
      stringBigints: true,
    });
    expect(parseServeArgs(["--port=65535", "--host=0.0.0.0"])).toEqual({
      port: 65535,
      host: "0.0.0.0",
      stringBigints: false,
    });
  });

  it("refuses a port that is not plain decimal digits from 0 to 65535", () => {
    for (const port of ["65536", "-1", "", "0x50", "1e3", "80.5", " 80", "http"]) {
      expect(() => parseServeArgs(["--port", port]), port).toThrow(
        `--port must be a whole number from 0 to 65535, not ${JSON.stringify(port)}`,
      );
    }
  });

  it("names an option whose value is missing", () => {
    expect(() => parseServeArgs(["--port"])).toThrow("--port needs a value");
    expect(() => parseServeArgs(["--host", "--port", "1"])).toThrow("--host needs a value");
    expect(() => parseServeArgs(["--host="])).toThrow("--host must not be empty");
  });

  it("names an unknown argument and lists the known ones", () => {
    expect(() => parseServeArgs(["--verbose"])).toThrow(
      'unknown argument "--verbose" (serve takes --port N, --host H, --string-bigints)',
    );
    expect(() => parseServeArgs(["8080"])).toThrow('unknown argument "8080"');
    expect(() => parseServeArgs(["--string-bigints=yes"])).toThrow(
      'unknown argument "--string-bigints=yes"',
    );
  });
});
