/**
 * Class names survive the build: in `dist/` (ESM and CommonJS), every exported error class has
 * `constructor.name` and `name` equal to its export name (not `_QuoteExpiredError`), is an
 * `Error`, and its guard recognises it. Run after `npm run build` (as `npm test` does).
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { repoPath } from "../../kit/runtimes/harness.js";

type Exports = Record<string, unknown>;

function errorClasses(mod: Exports): [string, new (options: object) => Error][] {
  return Object.entries(mod).filter(
    (entry): entry is [string, new (options: object) => Error] =>
      typeof entry[1] === "function" &&
      entry[0].endsWith("Error") &&
      (entry[1] as { prototype?: unknown }).prototype instanceof Error,
  );
}

function check(mod: Exports): number {
  const classes = errorClasses(mod);
  for (const [exported, cls] of classes) {
    expect(cls.name, exported).toBe(exported);
    // The base class takes a definition first; its subclasses take options.
    if (exported === "ServiceError") continue;
    // The codec's errors take a message and a path; every other class takes options.
    const error = exported.startsWith("Json")
      ? new (cls as unknown as new (what: string, keys: never[]) => Error)("x", [])
      : new cls({ pointer: "", issues: [] });
    expect(error.constructor.name, exported).toBe(exported);
    expect(error.name, exported).toBe(exported);
    const guard = mod[`is${exported}`];
    if (typeof guard === "function") expect(guard(error), exported).toBe(true);
  }
  return classes.length;
}

describe("bundled class names", () => {
  it("ESM: every error class keeps its name", async () => {
    const mod = (await import(pathToFileURL(repoPath("dist/index.js")).href)) as Exports;
    expect(check(mod)).toBeGreaterThan(45);
    const { QuoteExpiredError } = mod as { QuoteExpiredError: new () => Error };
    expect(new QuoteExpiredError().constructor.name).toBe("QuoteExpiredError");
  });

  it("CommonJS: the same", () => {
    const mod = createRequire(import.meta.url)(repoPath("dist/index.cjs")) as Exports;
    expect(check(mod)).toBeGreaterThan(45);
  });
});

describe("the wallet entry's errors", () => {
  it("keep their names and extend the client entry's own ServiceError (ESM and CommonJS)", async () => {
    const esm = (await import(pathToFileURL(repoPath("dist/viem.js")).href)) as Exports;
    const root = (await import(pathToFileURL(repoPath("dist/index.js")).href)) as Exports;
    const cjs = createRequire(import.meta.url)(repoPath("dist/viem.cjs")) as Exports;
    const cjsRoot = createRequire(import.meta.url)(repoPath("dist/index.cjs")) as Exports;
    for (const [mod, base] of [
      [esm, root],
      [cjs, cjsRoot],
    ] as const) {
      const classes = errorClasses(mod);
      expect(classes.map(([n]) => n).sort()).toEqual([
        "ClockSkewError",
        "DepositMismatchError",
        "DepositOutcomeUnknownError",
        "DepositRejectedError",
        "DepositRevertedError",
        "DepositStrandedError",
        "ExecuteWindowClosedError",
        "InsufficientBalanceError",
        "IntentNotAwaitingDepositError",
        "NonceRaceError",
        "WalletRpcError",
        "WrongChainError",
      ]);
      for (const [exported, cls] of classes) {
        const error = new (cls as unknown as new (...a: unknown[]) => Error)("a", "b", "c");
        expect([cls.name, error.name, error.constructor.name]).toEqual([
          exported,
          exported,
          exported,
        ]);
        expect(error).toBeInstanceOf(base.ServiceError as new () => Error);
      }
    }
  });
});
