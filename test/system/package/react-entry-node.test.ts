/**
 * The built React entry and the client load in a plain Node process, with no DOM, as a server
 * (Next.js's server components, a prefetching route) imports them: ESM and CommonJS, by the
 * package's own name, and a query factory is usable there.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { repoPath, requireBuilt } from "../../kit/runtimes/harness.js";

requireBuilt();

/** Runs `code` in a new Node process at the repository's root; what it printed. */
function node(args: string[], code: string): string {
  return execFileSync(process.execPath, [...args, code], {
    cwd: repoPath("."),
    encoding: "utf8",
  }).trim();
}

const CHECK = `
  const noDom = typeof document === "undefined" && typeof window === "undefined";
  const client = createClient({ baseUrl: "http://127.0.0.1:1", accessKey: "k" });
  const quote = intentQueries(client).quote(undefined);
  console.log(JSON.stringify({
    noDom,
    hooks: [useQuote, useRoutes, useQuoteAndCommit, useExecuteWithWallet, useIntent, useIntentProgress].map((f) => typeof f),
    key: quote.queryKey,
    retry: quote.retry,
  }));
`;

const EXPECTED = {
  noDom: true,
  hooks: Array(6).fill("function"),
  key: ["xchain-intents", "QuoteIntent"],
  retry: false,
};

describe("xchain-intents/react in Node without a DOM", () => {
  it("loads as ESM beside the client", () => {
    const out = node(
      ["--input-type=module", "-e"],
      `import { createClient } from "xchain-intents";
       import { intentQueries, useQuote, useRoutes, useQuoteAndCommit, useExecuteWithWallet, useIntent, useIntentProgress } from "xchain-intents/react";
       ${CHECK}`,
    );
    expect(JSON.parse(out)).toEqual(EXPECTED);
  });

  it("loads as CommonJS beside the client", () => {
    const out = node(
      ["-e"],
      `const { createClient } = require("xchain-intents");
       const { intentQueries, useQuote, useRoutes, useQuoteAndCommit, useExecuteWithWallet, useIntent, useIntentProgress } = require("xchain-intents/react");
       ${CHECK}`,
    );
    expect(JSON.parse(out)).toEqual(EXPECTED);
  });
});
