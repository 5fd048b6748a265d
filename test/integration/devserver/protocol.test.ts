import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringifyJson } from "../../../src/codec/index.js";
import type { DevServer } from "../../../src/devserver/index.js";
import { call, isErrorBody, start, T0, usdcRequest } from "../../kit/devserver/helpers.js";

let srv: DevServer;
beforeAll(async () => {
  ({ srv } = await start({ maxBodyBytes: 64 * 1024 }));
});
afterAll(() => srv.close());

const post = (path: string, init: RequestInit = {}) =>
  fetch(`${srv.url}${path}`, {
    method: "POST",
    ...init,
    headers: {
      "content-type": "application/json",
      "x-access-key": srv.accessKey,
      ...(init.headers as Record<string, string>),
    },
  });

describe("routing and methods", () => {
  it("answers an unknown path with WebrpcBadRoute 404", async () => {
    const res = await post("/rpc/Service/Nope", { body: "{}" });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "WebrpcBadRoute", code: -2, status: 404 });
  });

  it("answers GET, PUT and DELETE with WebrpcBadMethod 405 and Allow: POST", async () => {
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await fetch(`${srv.url}/rpc/Service/Ping`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow"), method).toBe("POST");
      expect(await res.json()).toMatchObject({
        error: "WebrpcBadMethod",
        code: -3,
        status: 405,
        cause: `${method} is not allowed; use POST`,
      });
    }
  });

  it("answers a CORS preflight", async () => {
    const res = await fetch(`${srv.url}/rpc/Service/QuoteIntent`, {
      method: "OPTIONS",
      headers: {
        origin: "https://app.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,x-access-key",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
    expect(res.headers.get("access-control-allow-headers")).toBe(
      "Content-Type, X-Access-Key, X-Dev-Fault, Webrpc, X-Bigint-As",
    );
  });

  it("echoes the Origin and exposes the retry and date headers", async () => {
    const res = await post("/rpc/Service/Ping", {
      body: "{}",
      headers: { origin: "https://app.example" },
    });
    expect(res.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect(res.headers.get("access-control-expose-headers")).toBe(
      "Retry-After, retry-after-ms, Date, X-Total-Count",
    );
  });

  it("sends a Date header from the injected clock on every answer", async () => {
    for (const res of [
      await post("/rpc/Service/Ping", { body: "{}" }),
      await post("/nope", { body: "{}" }),
    ]) {
      expect(Date.parse(res.headers.get("date") ?? "")).toBe(T0);
    }
  });
});

describe("bodies", () => {
  it("refuses a non-JSON content type, tolerates a charset", async () => {
    const bad = await post("/rpc/Service/Ping", {
      body: "{}",
      headers: { "content-type": "text/plain" },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "WebrpcBadRequest", code: -4 });
    const ok = await post("/rpc/Service/Ping", {
      body: "{}",
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(ok.status).toBe(200);
  });

  it("refuses an unparsable body with WebrpcBadRequest", async () => {
    const res = await post("/rpc/Service/GetIntent", { body: '{"intentId": ' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "WebrpcBadRequest", code: -4, status: 400 });
  });

  it("refuses an oversized body with 413, declared or streamed", async () => {
    const big = `{"intentId":"${"x".repeat(70 * 1024)}"}`;
    const declared = await post("/rpc/Service/GetIntent", { body: big });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({
      error: "WebrpcBadRequest",
      code: -4,
      status: 413,
    });
    const chunks = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 20; i++) c.enqueue(new TextEncoder().encode("x".repeat(8192)));
        c.close();
      },
    });
    const streamed = await post("/rpc/Service/GetIntent", {
      body: chunks,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    const after = await post("/rpc/Service/Ping", { body: "{}" });
    expect(after.status).toBe(200);
  });

  it("names the failing field's JSON path in InvalidArgument", async () => {
    const wire = JSON.parse(stringifyJson(usdcRequest(), "QuoteIntentRequest")) as Record<
      string,
      unknown
    >;
    const a = await call(srv, "QuoteIntent", JSON.stringify({ ...wire, ownerAddress: 1 }));
    expect(a.status).toBe(400);
    expect(a.body).toMatchObject({ error: "InvalidArgument", code: 2000 });
    expect(a.body.cause).toMatch(/^\/ownerAddress: must be string/);
    const amount = await call(
      srv,
      "QuoteIntent",
      JSON.stringify({ ...wire, originTokenAmount: 1.5 }),
    );
    expect(amount.body.cause).toMatch(/^\/originTokenAmount: /);
    const hex = await call(
      srv,
      "QuoteIntent",
      JSON.stringify({ ...wire, originTokenAmount: "0x10" }),
    );
    expect(hex.body.cause).toMatch(/^\/originTokenAmount: /);
    const nested = await call(
      srv,
      "QuoteIntent",
      JSON.stringify({ ...wire, options: { slippageTolerance: "high" } }),
    );
    expect(nested.body.cause).toMatch(/^\/options\/slippageTolerance: /);
    const missing = await call(srv, "GetIntent", "{}");
    expect(missing.body.cause).toBe("/intentId: is required");
  });

  it("accepts bigints as JSON numbers or decimal strings, past 2^53", async () => {
    const base = usdcRequest({
      originChainId: 42161,
      originTokenAddress: WETH(),
      destinationTokenAddress: "0x4200000000000000000000000000000000000006",
      originTokenAmount: undefined,
    });
    const { originTokenAmount: _, ...rest } = base;
    const plain = JSON.stringify(rest);
    const asNumber = await call(
      srv,
      "QuoteIntent",
      `${plain.slice(0, -1)},"originTokenAmount":9007199254740993123}`,
    );
    const asString = await call(
      srv,
      "QuoteIntent",
      `${plain.slice(0, -1)},"originTokenAmount":"9007199254740993123"}`,
    );
    expect(asNumber.status).toBe(200);
    expect(asNumber.body.intent.quote.fromAmount).toBe(9007199254740993123n);
    expect(asString.body.intent.quote.fromAmount).toBe(9007199254740993123n);
    expect(asString.body.intent.quoteRequest).toEqual(asNumber.body.intent.quoteRequest);
    expect(asNumber.text).toContain('"fromAmount":9007199254740993123');
  });

  it("writes every error as a webrpc error body", async () => {
    const a = await call(srv, "GetIntent", { intentId: "nope" });
    expect(a.status).toBe(400);
    expect(isErrorBody(a.text)).toBe(true);
    expect(a.body).toMatchObject({ error: "NotFound", code: 8000, status: 400 });
  });
});

describe("bigintAs: string", () => {
  it("writes bigints as decimal strings", async () => {
    const { srv: s } = await start({ bigintAs: "string" });
    const a = await call(s, "QuoteIntent", usdcRequest());
    expect(a.text).toContain('"fromAmount":"250000000"');
    expect(a.body.intent.quote.fromAmount).toBe(250_000_000n);
    await s.close();
  });
});

function WETH(): string {
  return "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1";
}
