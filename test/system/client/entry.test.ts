import { readFileSync } from "node:fs";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { operationTable, SCHEMA_VERSION } from "../../../generated/operations.js";
import { SDK_VERSION, WEBRPC_HEADER } from "../../../src/client/version.js";
import { repoPath } from "../../kit/runtimes/harness.js";

describe("the package entry", () => {
  it("exports one function per operation of the schema, and exactly this list besides", async () => {
    const all = Object.keys(await import("../../../src/index.js")).sort();
    // Generated: an operation added to the schema adds its function with no other edit.
    const operations = new Set<string>(Object.values(operationTable).map((o) => o.method));
    expect(all.filter((n) => operations.has(n))).toEqual([...operations].sort());
    const names = all.filter((n) => !operations.has(n));
    expect(names).toMatchInlineSnapshot(`
      [
        "AbortedError",
        "AccessKeyMismatchError",
        "AccessKeyNotFoundError",
        "AtLeastOneKeyError",
        "ChainNodeHealthError",
        "ClientOutdatedError",
        "EXECUTE_WINDOW_MS",
        "GeoblockedError",
        "HighPriceImpactError",
        "IntentMismatchError",
        "IntentStatusError",
        "IntentsDisabledError",
        "IntentsSkippedError",
        "InvalidArgumentError",
        "InvalidOriginError",
        "InvalidServiceError",
        "JsonDecodeError",
        "JsonEncodeError",
        "MaxAccessKeysError",
        "MethodNotFoundError",
        "NoDefaultKeyError",
        "NotFoundError",
        "PermissionDeniedError",
        "ProjectNotFoundError",
        "QUERY_KEY_ROOT",
        "QUOTE_TTL_MS",
        "QueryFailedError",
        "QuotaExceededError",
        "QuotaRateLimitError",
        "QuoteExpiredError",
        "RateLimitedError",
        "RedirectRefusedError",
        "RequestConflictError",
        "RequestTimeoutError",
        "RequestValidationError",
        "ResponseTooDeepError",
        "ResponseTooLargeError",
        "ResponseValidationError",
        "SCHEMA_VERSION",
        "SDK_VERSION",
        "ServiceError",
        "SessionExpiredError",
        "TimeoutError",
        "UnauthorizedError",
        "UnauthorizedUserError",
        "UnavailableError",
        "UnexpectedError",
        "UnsupportedNetworkError",
        "WebrpcBadMethodError",
        "WebrpcBadRequestError",
        "WebrpcBadResponseError",
        "WebrpcBadRouteError",
        "WebrpcClientAbortedError",
        "WebrpcEndpointError",
        "WebrpcInternalErrorError",
        "WebrpcRequestFailedError",
        "WebrpcServerPanicError",
        "WebrpcStreamLostError",
        "abortable",
        "checkAmountBounds",
        "checkCommittedId",
        "checkIntentAnswers",
        "createBaseClient",
        "createClient",
        "defineError",
        "deserializeWithBigints",
        "executeDeadline",
        "executeTimeLeftMs",
        "followIntent",
        "isFinalStatus",
        "isQuoteExpired",
        "isServiceError",
        "measureSkew",
        "parseJson",
        "queryKeyHashFn",
        "queryKeys",
        "quoteAndCommit",
        "quoteExpiresAt",
        "quoteTimeLeftMs",
        "serializeWithBigints",
        "sleep",
        "stringifyJson",
        "toKeySafe",
        "waitForIntent",
        "watchIntent",
      ]
    `);
  });

  it("exports one error guard, and no table or internal constant", async () => {
    const names = Object.keys(await import("../../../src/index.js"));
    expect(names.filter((n) => /^is.*Error$/.test(n))).toEqual(["isServiceError"]);
    for (const internal of [
      "operationTable",
      "errorClassByCode",
      "errorDefinitions",
      "MAX_DEPTH",
    ]) {
      expect(names).not.toContain(internal);
    }
  });

  it("names the package version in the Webrpc header", () => {
    const pkg = JSON.parse(readFileSync(repoPath("package.json"), "utf8"));
    expect(SDK_VERSION).toBe(pkg.version);
    expect(WEBRPC_HEADER).toBe(
      `webrpc@v1;xchain-intents@${pkg.version};xchain-intents@${SCHEMA_VERSION}`,
    );
  });

  it("imports no Node built-in and no ajv compiler, and evaluates no code", async () => {
    const out = await build({
      entryPoints: [repoPath("src/index.ts")],
      bundle: true,
      write: false,
      format: "esm",
      platform: "neutral",
      metafile: true,
      logLevel: "silent",
    });
    const inputs = Object.keys(out.metafile.inputs);
    expect(inputs.filter((p) => p.startsWith("node:") || /\bajv\b/.test(p))).toEqual([]);
    const imports = Object.values(out.metafile.outputs).flatMap((o) =>
      o.imports.map((i) => i.path),
    );
    expect(imports).toEqual([]);
    const code = out.outputFiles[0]?.text ?? "";
    expect(code).not.toMatch(/\beval\(|new Function\(/);
  });
});
