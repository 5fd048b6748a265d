import { describe, expect, it } from "vitest";
import { checkClientOptions } from "../../../src/client/options.js";
import { createBaseClient, createClient } from "../../../src/index.js";

/** The TypeError `createClient(options)` throws at once, before any request. */
function refusal(options: unknown): TypeError {
  let fetched = 0;
  const withFetch =
    typeof options === "object" && options !== null && !("fetch" in options)
      ? {
          ...options,
          fetch: async () => {
            fetched += 1;
            return new Response("{}");
          },
        }
      : options;
  let thrown: unknown;
  try {
    createClient(withFetch as Parameters<typeof createClient>[0]);
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(TypeError);
  expect(fetched).toBe(0);
  return thrown as TypeError;
}

describe("createClient refuses unusable options at once, naming the problem", () => {
  it("no options at all", () => {
    // @ts-expect-error: the argument is required
    expect(() => createClient()).toThrow(
      'createClient: needs options: createClient({ baseUrl: "https://…", accessKey })',
    );
    expect(refusal(null).message).toMatch(/needs options/);
    expect(() => createBaseClient(undefined as never)).toThrow(TypeError);
  });

  it("baseUrl missing, not a string, or empty", () => {
    expect(refusal({}).message).toBe(
      'createClient: needs a baseUrl, e.g. { baseUrl: "https://intents.example.com" }',
    );
    expect(refusal({ baseUrl: 8080 }).message).toBe(
      "createClient: baseUrl must be a string, not a number",
    );
    expect(refusal({ baseUrl: "" }).message).toBe(
      'createClient: baseUrl is empty; pass the service URL, e.g. "https://intents.example.com"',
    );
    expect(refusal({ baseUrl: "   " }).message).toMatch(/baseUrl is empty/);
  });

  it("baseUrl without a scheme", () => {
    expect(refusal({ baseUrl: "localhost:8080" }).message).toBe(
      'createClient: baseUrl "localhost:8080" is not an http:// or https:// URL; did you mean "http://localhost:8080"?',
    );
    expect(refusal({ baseUrl: "127.0.0.1:8080" }).message).toBe(
      'createClient: baseUrl "127.0.0.1:8080" is not a URL; pass an absolute one with its scheme, e.g. "http://127.0.0.1:8080"',
    );
    expect(refusal({ baseUrl: "/api" }).message).toMatch(/is not a URL/);
    expect(refusal({ baseUrl: "ftp://example.com" }).message).toMatch(/not an http/);
  });

  it("baseUrl with /rpc/Service/ (as a server banner shows it) says which URL to use", () => {
    expect(refusal({ baseUrl: "http://127.0.0.1:8080/rpc/Service/" }).message).toBe(
      'createClient: baseUrl "http://127.0.0.1:8080/rpc/Service/" includes /rpc/Service/, which the client adds itself; pass "http://127.0.0.1:8080"',
    );
    expect(refusal({ baseUrl: "https://x.example/intents/rpc/Service" }).message).toMatch(
      /pass "https:\/\/x\.example\/intents"$/,
    );
    expect(refusal({ baseUrl: "http://h:1/rpc/Service/GetIntent" }).message).toMatch(
      /pass "http:\/\/h:1"$/,
    );
  });

  it("baseUrl with credentials, a query or a fragment", () => {
    const withUser = refusal({ baseUrl: "https://user:hunter2@x.example" });
    expect(withUser.message).toMatch(/must not hold a user name or password/);
    expect(withUser.message).not.toContain("hunter2");
    expect(refusal({ baseUrl: "https://x.example/?a=1" }).message).toMatch(/query or fragment/);
    expect(refusal({ baseUrl: "https://x.example/#top" }).message).toMatch(/query or fragment/);
  });

  it("other settings of the wrong kind", () => {
    const base = { baseUrl: "http://127.0.0.1:1" };
    expect(refusal({ ...base, accessKey: 42 }).message).toMatch(/accessKey must be a string/);
    const broken = refusal({ ...base, accessKey: "secret-key\r\nX-Evil: 1" });
    expect(broken.message).toMatch(/line break/);
    expect(broken.message).not.toContain("secret-key");
    expect(refusal({ ...base, fetch: "fetch" }).message).toMatch(/fetch must be a function/);
    expect(refusal({ ...base, sleep: 5 }).message).toMatch(/sleep must be a function/);
    expect(refusal({ ...base, validate: "loose" }).message).toBe(
      'createClient: validate must be "strict", "warn", "off", not "loose"',
    );
    expect(refusal({ ...base, bigintAs: "hex" }).message).toMatch(/bigintAs must be/);
    expect(refusal({ ...base, timeoutMs: -1 }).message).toMatch(/timeoutMs must be a finite/);
    expect(refusal({ ...base, timeoutMs: Number.NaN }).message).toMatch(/timeoutMs/);
    expect(refusal({ ...base, maxResponseBytes: 0 }).message).toMatch(/maxResponseBytes/);
    expect(refusal({ ...base, headers: ["a"] }).message).toMatch(/headers must be an object/);
    expect(refusal({ ...base, headers: { a: 1 } }).message).toMatch(/header "a" must be/);
    expect(refusal({ ...base, retry: { maxRetries: -1 } }).message).toMatch(
      /retry\.maxRetries must be an integer ≥ 0, not -1/,
    );
    expect(refusal({ ...base, retry: { maxRetries: 1.5 } }).message).toMatch(/maxRetries/);
    expect(refusal({ ...base, retry: { baseDelayMs: Infinity } }).message).toMatch(
      /retry\.baseDelayMs/,
    );
    expect(refusal({ ...base, retry: { onRetry: 1 } }).message).toMatch(/retry\.onRetry/);
    expect(refusal({ ...base, retry: true }).message).toMatch(/retry must be an object/);
    expect(refusal({ ...base, retry: null }).message).toBe(
      "createClient: retry must be an object, not null",
    );
    expect(refusal({ ...base, headers: null }).message).toBe(
      "createClient: headers must be an object, not null",
    );
    expect(refusal({ ...base, onValidationIssue: [] }).message).toBe(
      "createClient: onValidationIssue must be a function, not an array",
    );
  });

  it("accepts every valid form", () => {
    for (const baseUrl of [
      "http://127.0.0.1:8080",
      "http://127.0.0.1:8080/",
      "https://intents.example.com/v1",
      " https://intents.example.com ",
    ]) {
      expect(() => checkClientOptions({ baseUrl })).not.toThrow();
    }
    expect(() =>
      createClient({
        baseUrl: "http://127.0.0.1:1",
        accessKey: "k",
        retry: false,
        timeoutMs: 0,
        validate: "off",
        bigintAs: "string",
        headers: { "x-trace": "1" },
      }),
    ).not.toThrow();
  });
});
