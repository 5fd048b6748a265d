import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import {
  createClient,
  type FetchLike,
  isServiceError,
  type Middleware,
} from "../../../src/index.js";

// Mixed case and usable as a host name: a redirect's Location can echo it in a URL's host, which
// `URL` lower-cases.
const KEY = "AkLiveQ7hZ2pXw9Rt4Mn";
const BASE = "http://127.0.0.1:1";

/** Every rendering of `value` and of each link of its cause chain. */
function renderings(value: unknown): string[] {
  const out: string[] = [];
  let link: unknown = value;
  for (let i = 0; i < 12 && link !== undefined && link !== null; i++) {
    out.push(inspect(link, { depth: Number.POSITIVE_INFINITY, showHidden: true }), String(link));
    try {
      out.push(JSON.stringify(link) ?? "");
    } catch {
      // a cycle: inspect covers it
    }
    if (link instanceof Error) {
      out.push(link.message, link.stack ?? "", link.name);
      const json = (link as { toJSON?: () => unknown }).toJSON?.();
      if (json !== undefined) out.push(JSON.stringify(json));
      link = link.cause;
    } else break;
  }
  return out;
}

/** Fails naming the rendering that holds the key in any case. */
function expectNoKey(value: unknown): void {
  for (const text of renderings(value)) expect(text.toLowerCase()).not.toContain(KEY.toLowerCase());
}

/** What a custom `fetch` throws, made from the `Request` it was given. */
const shapes: [string, (req: Request) => unknown][] = [
  ["the Request itself", (req) => req],
  ["its Headers", (req) => req.headers],
  ["a Response echoing the key in a header", () => new Response("", { headers: { echo: KEY } })],
  ["a string", () => `refused ${KEY}`],
  ["the key upper-cased in a message", () => new TypeError(`refused ${KEY.toUpperCase()}`)],
  ["the key lower-cased in an error's name", () => Object.assign(new Error("x"), { name: KEY })],
  ["a plain object holding headers", (req) => ({ headers: Object.fromEntries(req.headers) })],
  ["a plain object holding the Request", (req) => ({ request: req, at: Date.now() })],
  ["an array of the Request", (req) => [req, req.headers]],
  ["a Map of the headers", (req) => new Map(req.headers)],
  ["an error with the Request as a field", (req) => Object.assign(new Error("x"), { req })],
  [
    "a cause chain three deep ending in headers",
    (req) =>
      new TypeError("fetch failed", {
        cause: new Error("socket", { cause: { headers: req.headers } }),
      }),
  ],
  ["an AggregateError", (req) => new AggregateError([new Error(`a ${KEY}`), req], "all failed")],
  [
    "something shaped like the SDK's own errors",
    () => Object.assign(new Error(`rate limited ${KEY}`), { code: 1007, error: KEY, status: 429 }),
  ],
  [
    "a getter returning the key",
    () => ({
      get detail() {
        return KEY;
      },
    }),
  ],
  [
    "a proxy that throws on every read",
    () =>
      new Proxy(new Error(KEY), {
        get: () => {
          throw new Error(KEY);
        },
        getPrototypeOf: () => {
          throw new Error(KEY);
        },
        ownKeys: () => {
          throw new Error(KEY);
        },
      }),
  ],
  [
    "a cycle",
    (req) => {
      const e = new Error("loop", { cause: req }) as Error & { self?: unknown };
      e.self = e;
      return e;
    },
  ],
];

function throwing(shape: (req: Request) => unknown, sync: boolean): FetchLike {
  return (req) => {
    if (sync) throw shape(req);
    return Promise.reject(shape(req));
  };
}

describe("no access key in any error, whatever a fetch throws", () => {
  for (const [label, shape] of shapes) {
    for (const mode of ["async", "sync", "middleware"] as const) {
      it(`${label} (${mode})`, async () => {
        const seen: unknown[] = [];
        const middleware: Middleware[] =
          mode === "middleware"
            ? [
                {
                  onError({ error }) {
                    seen.push(error);
                  },
                },
              ]
            : [];
        const client = createClient({
          baseUrl: BASE,
          accessKey: KEY,
          fetch: throwing(shape, mode === "sync"),
          retry: false,
          middleware,
        });
        const e = await client.getIntent({ intentId: "i-1" }).catch((x: unknown) => x);
        expect(isServiceError(e, "WebrpcRequestFailed")).toBe(true);
        expectNoKey(e);
        for (const s of seen) expectNoKey(s);
        if (mode === "middleware") expect(seen.length).toBe(1);
      });
    }
  }

  it("a body stream that fails with the Request", async () => {
    const fetch: FetchLike = async (req) =>
      new Response(new ReadableStream({ pull: (c) => c.error({ req, key: KEY }) }));
    const client = createClient({ baseUrl: BASE, accessKey: KEY, fetch, retry: false });
    const e = await client.ping().catch((x: unknown) => x);
    expect(isServiceError(e, "WebrpcBadResponse")).toBe(true);
    expectNoKey(e);
  });

  it("a fetch resolving to something that throws the key when read", async () => {
    const hostile = new Proxy(
      {},
      {
        // Not a thenable, so that the promise resolves to it; anything else read throws.
        get: (_, name) => {
          if (name === "then") return undefined;
          throw Object.assign(new Error(`no ${KEY}`), { key: KEY });
        },
      },
    );
    const fetch = (async () => hostile) as unknown as FetchLike;
    const seen: unknown[] = [];
    const hook: Middleware = { onError: ({ error }) => void seen.push(error) };
    for (const middleware of [[], [hook]]) {
      const client = createClient({
        baseUrl: BASE,
        accessKey: KEY,
        fetch,
        retry: false,
        middleware,
      });
      const e = await client.ping().catch((x: unknown) => x);
      expect(isServiceError(e, "WebrpcRequestFailed")).toBe(true);
      expectNoKey(e);
    }
    expect(seen.length).toBe(1);
    expectNoKey(seen[0]);
  });

  it("an answer about another intent whose id is the key, in any mode", async () => {
    const fetch: FetchLike = async () =>
      new Response(JSON.stringify({ intent: { intentId: KEY.toUpperCase() } }));
    const client = createClient({ baseUrl: BASE, accessKey: KEY, fetch, validate: "off" });
    const e = await client.getIntent({ intentId: "i-1" }).catch((x: unknown) => x);
    expect(isServiceError(e, "IntentMismatch")).toBe(true);
    expect((e as { found?: string }).found).toBe("[redacted]");
    expectNoKey(e);
  });

  it("a redirect whose Location echoes the key in mixed case, lower-cased by URL", async () => {
    const fetch: FetchLike = async () =>
      new Response(null, { status: 302, headers: { location: `http://${KEY}.example/x` } });
    const client = createClient({ baseUrl: BASE, accessKey: KEY, fetch, retry: false });
    const e = await client.ping().catch((x: unknown) => x);
    expect(isServiceError(e, "RedirectRefused")).toBe(true);
    expect((e as { locationOrigin?: string }).locationOrigin).toBe("http://[redacted].example");
    expectNoKey(e);
  });

  it("what is not secret stays: names, codes, methods, the URL, other headers", async () => {
    const fetch: FetchLike = async (req) => {
      const socket = Object.assign(new Error("connect ECONNREFUSED"), {
        code: "ECONNREFUSED",
        port: 1,
      });
      throw new TypeError("fetch failed", { cause: Object.assign(socket, { request: req }) });
    };
    const client = createClient({ baseUrl: BASE, accessKey: KEY, fetch, retry: false });
    const e = (await client.ping().catch((x: unknown) => x)) as Error;
    const outer = e.cause as Error;
    expect([outer.name, outer.message]).toEqual(["TypeError", "fetch failed"]);
    const socket = outer.cause as Error & Record<string, unknown>;
    expect([socket.message, socket.code, socket.port]).toEqual([
      "connect ECONNREFUSED",
      "ECONNREFUSED",
      1,
    ]);
    const request = socket.request as {
      method: string;
      url: string;
      headers: Record<string, string>;
    };
    expect(request.method).toBe("POST");
    expect(request.url).toBe(`${BASE}/rpc/Service/Ping`);
    expect(request.headers["x-access-key"]).toBe("[redacted]");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(e.message).toContain("ECONNREFUSED");
  });
});
