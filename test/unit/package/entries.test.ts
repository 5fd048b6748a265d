/**
 * The package's entries, name by name: the root is a front door (under 60 names, values and
 * types alike, as an editor lists them), and the names it gave up are where the CHANGELOG's
 * migration table sends callers.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { errorClassByCode } from "../../../generated/error-table.js";
import { operationTable } from "../../../generated/operations.js";
import { WALLET_ERRORS } from "../../../src/errors/client-codes.js";
import * as errors from "../../../src/errors.js";
import { type EntryName, entryNames } from "../../kit/package/entry-names.js";
import { repoPath } from "../../kit/runtimes/harness.js";

const ENTRIES = { index: "index.ts", errors: "errors.ts", query: "query.ts", types: "types.ts" };
const names = entryNames(Object.values(ENTRIES));

/** The names of `entry` (a key of `ENTRIES`). */
function of(entry: keyof typeof ENTRIES): readonly EntryName[] {
  return names.get(ENTRIES[entry]) ?? [];
}

describe("the root entry", () => {
  it("names under 60 things: one function per operation, and exactly this list besides", () => {
    const root = of("index");
    expect(root.length).toBeLessThan(60);
    // Generated: an operation added to the schema adds its function with no other edit.
    const operations = new Set<string>(Object.values(operationTable).map((o) => o.method));
    expect(root.filter((n) => operations.has(n.name)).map((n) => n.name)).toEqual(
      [...operations].sort(),
    );
    const rest = root
      .filter((n) => !operations.has(n.name))
      .map((n) => `${n.value ? "value" : "type"} ${n.name}`);
    expect(rest).toMatchInlineSnapshot(`
      [
        "type AmountBounds",
        "type BaseClient",
        "type CallOptions",
        "type ClientOptions",
        "type CommittedIntent",
        "value EXECUTE_WINDOW_MS",
        "type ExpiryOptions",
        "type FetchLike",
        "type FollowOptions",
        "type Intent",
        "type IntentClient",
        "type IntentReceipt",
        "type IntentStatus",
        "type Middleware",
        "value QUOTE_TTL_MS",
        "type QuoteAndCommitOptions",
        "type QuoteIntentRequest",
        "type RetryOptions",
        "value SCHEMA_VERSION",
        "value SDK_VERSION",
        "value ServiceError",
        "type UserMessageOptions",
        "type UserToken",
        "type WaitForIntentOptions",
        "value abortable",
        "value checkAmountBounds",
        "value checkCommittedId",
        "value checkIntentAnswers",
        "value createBaseClient",
        "value createClient",
        "value executeDeadline",
        "value executeTimeLeftMs",
        "value followIntent",
        "value isFinalStatus",
        "value isQuoteExpired",
        "value isServiceError",
        "value measureSkew",
        "value parseJson",
        "value quoteAndCommit",
        "value quoteExpiresAt",
        "value quoteTimeLeftMs",
        "value sleep",
        "value stringifyJson",
        "value userMessage",
        "value waitForIntent",
        "value watchIntent",
      ]
    `);
  });

  it("exports one error guard, no error class but ServiceError, and no table", () => {
    const root = of("index").map((n) => n.name);
    expect(root.filter((n) => /^is.*Error$/.test(n))).toEqual(["isServiceError"]);
    expect(root.filter((n) => /^[A-Z].*Error$/.test(n))).toEqual(["ServiceError"]);
    for (const internal of ["operationTable", "errorClassByCode", "defineError", "MAX_DEPTH"])
      expect(root).not.toContain(internal);
  });
});

describe("xchain-intents/errors", () => {
  it("exports every class the client makes from a wire code, and only error classes besides the guard and defineError", () => {
    const exported = errors as Record<string, unknown>;
    for (const cls of errorClassByCode.values()) expect(exported[cls.name], cls.name).toBe(cls);
    const others = Object.entries(exported).filter(
      ([, v]) => !(typeof v === "function" && v.prototype instanceof Error),
    );
    expect(others.map(([n]) => n).sort()).toEqual(["defineError", "isServiceError"]);
  });

  it("exports the wallet step's error classes, the very ones xchain-intents/viem exports", async () => {
    const exported = errors as Record<string, unknown>;
    const wallet = (await import("../../../src/wallet/index.js")) as Record<string, unknown>;
    const rows = Object.values(WALLET_ERRORS).map((row) => row.name);
    expect(rows).toHaveLength(12);
    for (const name of rows) {
      expect(typeof exported[name], name).toBe("function");
      expect(wallet[name], name).toBe(exported[name]);
    }
    // The wallet entry exports no error class of its own besides these.
    const walletClasses = Object.entries(wallet)
      .filter(([, v]) => typeof v === "function" && v.prototype instanceof Error)
      .map(([n]) => n);
    expect(walletClasses.sort()).toEqual([...rows].sort());
  });
});

describe("xchain-intents/types", () => {
  it("exports types only", () => {
    expect(of("types").filter((n) => n.value)).toEqual([]);
    expect(of("types").length).toBeGreaterThan(80);
  });
});

describe("the CHANGELOG's migration table", () => {
  /** Each row of the table after `| 0.1: imported from`: its names and the entry it names. */
  function rows(): { names: string[]; entry: string }[] {
    const text = readFileSync(repoPath("CHANGELOG.md"), "utf8");
    const start = text.indexOf("| 0.1: imported from `xchain-intents`");
    expect(start).toBeGreaterThan(0);
    const out: { names: string[]; entry: string }[] = [];
    for (const line of text.slice(start).split("\n").slice(2)) {
      const m = /^\| (.+) \| `([^`]+)`[^|]* \|$/.exec(line);
      if (m === null) break;
      const cell = (m[1] as string).replace(/\([^)]*\)/g, "");
      out.push({
        names: [...cell.matchAll(/`(\w+)`/g)].map((x) => x[1] as string),
        entry: m[2] as string,
      });
    }
    return out;
  }

  it("sends each name it lists to an entry that exports it", () => {
    const table = rows();
    expect(table.map((r) => r.entry)).toEqual([
      "xchain-intents/errors",
      "xchain-intents/query",
      "xchain-intents/types",
      "xchain-intents",
    ]);
    const file = (entry: string) =>
      entry === "xchain-intents" ? "index" : (entry.split("/")[1] as keyof typeof ENTRIES);
    for (const { names: listed, entry } of table) {
      const exported = of(file(entry)).map((n) => n.name);
      for (const name of listed) expect(exported, `${name} in ${entry}`).toContain(name);
      // A name moved away is no longer in the root.
      if (entry !== "xchain-intents")
        for (const name of listed.filter((n) => n !== "ServiceError"))
          expect(
            of("index").map((n) => n.name),
            name,
          ).not.toContain(name);
    }
  });
});

describe("xchain-intents/devserver", () => {
  it("exports no helper only its own tests use", async () => {
    const exported = Object.keys(await import("../../../src/devserver/index.js"));
    for (const internal of ["operationAt", "checksumAddress", "create2Address"])
      expect(exported).not.toContain(internal);
    expect(exported).toContain("startDevServer");
  });
});
