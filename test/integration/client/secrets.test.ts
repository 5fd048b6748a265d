import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type FetchLike } from "../../../src/index.js";
import type { RetryInfo, ValidationReport } from "../../../src/types.js";
import { type FakeService, type Fault, startFakeService } from "../../kit/client/fake-service.js";

const SECRET = "ak_live_TOPSECRET_9f8e7d6c5b4a";
let svc: FakeService;
beforeAll(async () => {
  svc = await startFakeService({ accessKey: SECRET });
});
afterAll(() => svc.close());

/** Every way an error or a hook argument can be shown. */
function renderings(value: unknown): string[] {
  const out = [inspect(value, { depth: 10, showHidden: true }), String(value)];
  try {
    out.push(JSON.stringify(value));
  } catch {
    // circular: inspect covers it
  }
  if (value instanceof Error) {
    out.push(
      value.message,
      value.stack ?? "",
      inspect(value.cause, { depth: 10, showHidden: true }),
    );
    const json = (value as { toJSON?: () => unknown }).toJSON?.();
    out.push(JSON.stringify(json));
  }
  return out;
}

function expectClean(value: unknown) {
  for (const text of renderings(value)) expect(text).not.toContain(SECRET);
}

const echoing: [string, Fault][] = [
  ["msg echoes the key", { kind: "error", code: 1101, msg: `access key ${SECRET} not found` }],
  [
    "cause echoes the key",
    {
      kind: "raw",
      status: 401,
      body: JSON.stringify({
        error: "Unauthorized",
        code: 1000,
        msg: "no",
        cause: `header X-Access-Key: ${SECRET}`,
        status: 401,
      }),
    },
  ],
  [
    "unknown code echoes the key",
    {
      kind: "raw",
      status: 418,
      body: JSON.stringify({ error: `E_${SECRET}`, code: 777, msg: SECRET }),
    },
  ],
  [
    "proxy page echoes the key",
    { kind: "raw", status: 502, body: `<html>X-Access-Key: ${SECRET}</html>` },
  ],
  ["200 that is not JSON echoes the key", { kind: "raw", status: 200, body: `oops ${SECRET}` }],
  ["cut JSON next to the key", { kind: "raw", status: 200, body: `{"version": "${SECRET}"` }],
  [
    "rate limit past the cap",
    { kind: "error", code: 1007, msg: SECRET, headers: { "retry-after": "600" } },
  ],
  ["bad route, whose message names the URL tried", { kind: "error", code: -2, msg: SECRET }],
  ["access key not found, whose message says where keys come from", { kind: "error", code: 1101 }],
  ["method not found, whose message names the URL tried", { kind: "error", code: 1003 }],
  ["a router's 404 page", { kind: "raw", status: 404, body: `404 page not found ${SECRET}` }],
  ["truncated", { kind: "truncated" }],
  ["reset", { kind: "reset-before" }],
];

describe("the access key never leaks", () => {
  const hooks: unknown[] = [];
  const client = () =>
    createClient({
      baseUrl: svc.url,
      accessKey: SECRET,
      retry: { maxRetries: 1, baseDelayMs: 1, onRetry: (i: RetryInfo) => hooks.push(i) },
      validate: "warn",
      onValidationIssue: (r: ValidationReport) => hooks.push(r),
    });

  for (const [label, fault] of echoing) {
    it(`error path: ${label}`, async () => {
      svc.clearFaults();
      svc.fault("Ping", fault, fault);
      const e = await client()
        .ping()
        .catch((x: unknown) => x);
      expect(e).toBeInstanceOf(Error);
      expectClean(e);
    });
  }

  it("an excerpt whose cut falls inside the key shows no piece of it", async () => {
    // Not JSON at the `x`: the decoder's excerpt of the body starts 30 characters before it, that
    // is 18 characters before the key's end, behind the `…` marking the cut.
    const body = `{"pad":"${"p".repeat(60)}","version":"${SECRET}",${" ".repeat(10)}x${" ".repeat(60)}}`;
    svc.clearFaults();
    const fault: Fault = { kind: "raw", status: 200, body };
    svc.fault("Ping", fault, fault);
    const e = await client()
      .ping()
      .catch((x: unknown) => x);
    expect((e as { excerpt?: string }).excerpt).toMatch(/^…\[redacted\]", {10}x/);
    for (const text of renderings(e)) {
      for (let i = 0; i + 8 <= SECRET.length; i++)
        expect(text).not.toContain(SECRET.slice(i, i + 8));
    }
  });

  it("timeouts, aborts and request validation", async () => {
    svc.clearFaults();
    svc.fault("Ping", { kind: "slow-headers", ms: 2_000 });
    expectClean(
      await client()
        .ping({}, { timeoutMs: 30 })
        .catch((x: unknown) => x),
    );
    svc.fault("Ping", { kind: "slow-headers", ms: 2_000 });
    expectClean(
      await client()
        .ping({}, { signal: AbortSignal.timeout(30) })
        .catch((x: unknown) => x),
    );
    const strict = createClient({ baseUrl: svc.url, accessKey: SECRET });
    // @ts-expect-error: deliberately wrong
    expectClean(await strict.getIntent({ intentId: 1 }).catch((x: unknown) => x));
    svc.fault("GetIntent", {
      kind: "raw",
      status: 200,
      body: JSON.stringify({ intent: { intentId: SECRET } }),
    });
    expectClean(await strict.getIntent({ intentId: "x" }).catch((x: unknown) => x));
  });

  it("a fetch whose failure names the request headers", async () => {
    const leaky: FetchLike = async (req) => {
      const err = new TypeError(
        `fetch failed for ${req.url} with ${req.headers.get("x-access-key")}`,
      );
      throw new TypeError("fetch failed", { cause: err });
    };
    const c = createClient({
      baseUrl: svc.url,
      accessKey: SECRET,
      fetch: leaky,
      retry: { maxRetries: 1, baseDelayMs: 1, onRetry: (i) => hooks.push(i) },
    });
    const e = await c.getIntent({ intentId: "x" }).catch((x: unknown) => x);
    expectClean(e);
    const s = await c.commitIntent({ intent: { intentId: "x" } as never }).catch((x: unknown) => x);
    expectClean(s);
  });

  it("a key pasted into baseUrl's path is hidden in the messages naming the URL", async () => {
    const c = createClient({ baseUrl: `${svc.url}/${SECRET}`, accessKey: SECRET, retry: false });
    const e = await c.ping().catch((x: unknown) => x);
    expect((e as Error).message).toContain(`${svc.url}/[redacted]/rpc/Service/Ping`);
    expectClean(e);
    const closed = createClient({
      baseUrl: `http://127.0.0.1:9/${SECRET}`,
      accessKey: SECRET,
      retry: false,
    });
    expectClean(await closed.ping().catch((x: unknown) => x));
  });

  it("hook arguments and the client object", () => {
    expect(hooks.length).toBeGreaterThan(3);
    const retry = hooks.find(
      (h): h is RetryInfo => typeof h === "object" && h !== null && "headers" in h,
    );
    // The key is added as a request leaves: the headers a hook is shown never held it.
    expect(retry).toBeDefined();
    const names = Object.keys(retry?.headers ?? {}).map((k) => k.toLowerCase());
    expect(names.length).toBeGreaterThan(0); // real headers, so the absence below means something
    expect(names).not.toContain("x-access-key");
    for (const h of hooks) expectClean(h);
    expectClean(client());
  });
});
