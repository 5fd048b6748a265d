/**
 * Class names and identities survive the build: in `dist/` (ESM and CommonJS), every error class
 * of `xchain-intents/errors` has `constructor.name` and `name` equal to its export name (not
 * `_QuoteExpiredError`), is an `Error`, and its guard recognises it; the classes are the very ones
 * the client entry throws (one shared file, not a copy each). Reads `dist/`: the system tier runs
 * after `npm run build`.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { repoPath, requireBuilt } from "../../kit/runtimes/harness.js";

requireBuilt();

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

/** `dist/<name>.js` loaded as ESM. */
async function esm(name: string): Promise<Exports> {
  return (await import(pathToFileURL(repoPath(`dist/${name}.js`)).href)) as Exports;
}

/** `dist/<name>.cjs` loaded with `require`. */
function cjs(name: string): Exports {
  return createRequire(import.meta.url)(repoPath(`dist/${name}.cjs`)) as Exports;
}

describe("bundled class names", () => {
  it("ESM: every error class keeps its name", async () => {
    const mod = await esm("errors");
    expect(check(mod)).toBeGreaterThan(45);
    const { QuoteExpiredError } = mod as { QuoteExpiredError: new () => Error };
    expect(new QuoteExpiredError().constructor.name).toBe("QuoteExpiredError");
  });

  it("CommonJS: the same", () => {
    expect(check(cjs("errors"))).toBeGreaterThan(45);
  });
});

/** A fetch answering every request with the service's error body of `QuoteExpired`. */
function quoteExpired(code: number): typeof fetch {
  return async () =>
    new Response(
      JSON.stringify({ error: "QuoteExpired", code, msg: "quote expired", status: 400 }),
      {
        status: 400,
        headers: { "content-type": "application/json" },
      },
    );
}

describe("one copy of each class across the client entries", () => {
  for (const [format, load] of [
    ["ESM", esm],
    ["CommonJS", async (name: string) => cjs(name)],
  ] as const) {
    it(`${format}: what the root entry throws is an instance of xchain-intents/errors' classes`, async () => {
      const root = await load("index");
      const errors = await load("errors");
      expect(errors.ServiceError).toBe(root.ServiceError);
      expect(errors.isServiceError).toBe(root.isServiceError);
      const QuoteExpired = errors.QuoteExpiredError as (new () => Error) & {
        definition: { code: number };
      };
      const createClient = root.createClient as (o: object) => { ping(): Promise<unknown> };
      const client = createClient({
        baseUrl: "https://service.invalid",
        accessKey: "k",
        fetch: quoteExpired(QuoteExpired.definition.code),
        retry: false,
      });
      const thrown = await client.ping().catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(QuoteExpired);
      expect(thrown).toBeInstanceOf(errors.ServiceError as new () => Error);
      const parseJson = root.parseJson as (text: string) => unknown;
      expect(() => parseJson("{")).toThrow(errors.JsonDecodeError as new () => Error);
    });
  }
});

describe("the wallet entry's errors", () => {
  it("keep their names, are xchain-intents/errors' own classes and extend the client entry's ServiceError (ESM and CommonJS)", async () => {
    for (const [mod, base, errors] of [
      [await esm("viem"), await esm("index"), await esm("errors")],
      [cjs("viem"), cjs("index"), cjs("errors")],
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
        // Imported from the errors entry, not a copy: `instanceof` holds across the two entries.
        expect(cls, exported).toBe(errors[exported]);
        expect(error).toBeInstanceOf(errors[exported] as new () => Error);
      }
    }
  });
});
