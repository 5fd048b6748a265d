/**
 * Errors from another realm (an iframe, a worker, a second copy of the SDK) fail `instanceof` but
 * must pass the guards. The other realm is a `node:vm` context running the SDK's own base class,
 * compiled from source, with a subclass defined there as the generated ones are.
 */
import { readFileSync } from "node:fs";
import vm from "node:vm";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { RateLimitedError } from "../../../src/errors.js";
import { isServiceError, ServiceError } from "../../../src/index.js";
import { repoPath } from "../../kit/runtimes/harness.js";

/** `src/errors/<name>.ts` compiled from source to CommonJS. */
function compiled(name: string): string {
  const source = readFileSync(repoPath(`src/errors/${name}.ts`), "utf8");
  return ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
}

/**
 * A fresh realm holding `src/errors/service-error.ts` and the one module it imports (compiled from
 * source) and, beside it, a `RateLimitedError` subclass shaped as the generated classes are.
 */
function newRealm(): vm.Context {
  const context = vm.createContext({});
  vm.runInContext("var fields = { exports: {} };", context);
  vm.runInContext(
    `(function (exports) {\n${compiled("error-shape")}\n})(fields.exports);`,
    context,
  );
  vm.runInContext(
    'var exports = {}; var require = (p) => { if (p === "./error-shape.js") return fields.exports; throw new Error(p); };',
    context,
  );
  vm.runInContext(compiled("service-error"), context);
  vm.runInContext(
    `class RateLimitedError extends exports.ServiceError {
      static definition = ${JSON.stringify(RateLimitedError.definition)};
      constructor(options) { super(RateLimitedError.definition, options); }
    }
    exports.RateLimitedError = RateLimitedError;`,
    context,
  );
  return context;
}

const realm = newRealm();
const foreign = vm.runInContext("exports", realm) as Record<string, unknown>;
const ForeignServiceError = foreign.ServiceError as new (definition: unknown) => Error;
const ForeignRateLimited = foreign.RateLimitedError as new (options?: unknown) => Error;
const foreignIsServiceError = foreign.hasServiceErrorShape as (value: unknown) => boolean;

/** A `RateLimitedError` made in the other realm. */
const foreignRateLimited = () =>
  new ForeignRateLimited({ message: "slow down", retryAfterMs: 1000 });

describe("a realm of its own", () => {
  it("really is one: its errors are not this realm's Error", () => {
    const e = foreignRateLimited();
    expect(e instanceof Error).toBe(false);
    expect(e instanceof ServiceError).toBe(false);
    expect(e instanceof RateLimitedError).toBe(false);
    expect(Object.getPrototypeOf(Object.getPrototypeOf(e)).constructor).toBe(ForeignServiceError);
  });
});

describe("guards across realms", () => {
  it("isServiceError, with and without a name, accepts the other realm's RateLimitedError", () => {
    const e = foreignRateLimited();
    expect(isServiceError(e)).toBe(true);
    expect(isServiceError(e, "RateLimited")).toBe(true);
    expect(isServiceError(e, "QuotaExceeded")).toBe(false);
    expect(e).toMatchObject({ name: "RateLimitedError", code: 1007, status: 429 });
  });
  it("the other realm's guard accepts this realm's errors", () => {
    expect(foreignIsServiceError(new RateLimitedError())).toBe(true);
    expect(foreignIsServiceError(new Error("plain"))).toBe(false);
  });
  it("a foreign error of another shape is refused", () => {
    const plain = vm.runInNewContext(`Object.assign(new Error("x"), { name: "RateLimitedError" })`);
    expect(isServiceError(plain)).toBe(false);
    expect(isServiceError(plain, "RateLimited")).toBe(false);
  });
  it("a wire name with another code is not that error", () => {
    const e = vm.runInContext(
      `new exports.ServiceError({ name: "ServiceError", error: "RateLimited", code: 9999, status: 429, message: "m" })`,
      realm,
    );
    expect(isServiceError(e)).toBe(true);
    expect(isServiceError(e, "RateLimited")).toBe(false);
  });
});
