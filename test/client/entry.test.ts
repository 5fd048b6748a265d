import { readFileSync } from "node:fs";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { SDK_VERSION, WEBRPC_HEADER } from "../../src/client/version.js";

describe("the package entry", () => {
  it("exports exactly this list", async () => {
    const names = Object.keys(await import("../../src/index.js")).sort();
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
        "clock",
        "commitIntent",
        "createBaseClient",
        "createClient",
        "deserializeWithBigints",
        "executeDeadline",
        "executeIntent",
        "executeTimeLeftMs",
        "followIntent",
        "getExactInputRoutes",
        "getExactOutputRoutes",
        "getIntent",
        "getIntentHistory",
        "getIntentReceipt",
        "getTokenPrices",
        "isFinalStatus",
        "isQuoteExpired",
        "isServiceError",
        "measureSkew",
        "parseJson",
        "ping",
        "queryKeyHashFn",
        "queryKeys",
        "quoteAndCommit",
        "quoteExpiresAt",
        "quoteIntent",
        "quoteTimeLeftMs",
        "searchIntents",
        "serializeWithBigints",
        "stringifyJson",
        "toKeySafe",
        "waitForIntent",
        "waitIntentReceipt",
        "watchIntent",
      ]
    `);
  });

  it("exports one error guard, and no table or internal constant", async () => {
    const names = Object.keys(await import("../../src/index.js"));
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
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    expect(SDK_VERSION).toBe(pkg.version);
    expect(WEBRPC_HEADER).toBe(`webrpc@v1;xchain-intents@${pkg.version};xchain-intents@v0.0.1`);
  });

  it("imports no Node built-in and no ajv compiler, and evaluates no code", async () => {
    const out = await build({
      entryPoints: [new URL("../../src/index.ts", import.meta.url).pathname],
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
