/**
 * The origin guard in front of the chains `serve` starts (`guardOrigins`), over loopback HTTP
 * against a stand-in for anvil that counts what reaches it: requests without an `Origin` pass; an
 * allowed origin (loopback by default, else exactly the `corsOrigins`) passes with its CORS
 * headers; any other origin, its preflight included, gets a 403 and never reaches the chain; a
 * CORS header of the chain's own is never passed on.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chainOriginRule,
  guardOrigins,
  type OriginGuard,
} from "../../../src/devserver/chains/origin-guard.js";

let chain: Server;
let chainUrl = "";
let reached = 0;
beforeAll(async () => {
  chain = createServer((req, res) => {
    reached++;
    req.resume();
    req.on("end", () => {
      // anvil's default: any origin. The guard must not pass this on.
      res.writeHead(200, {
        "content-type": "application/json",
        "access-control-allow-origin": "*",
      });
      res.end('{"jsonrpc":"2.0","id":1,"result":"0x1"}');
    });
  });
  await new Promise<void>((r) => chain.listen(0, "127.0.0.1", r));
  chainUrl = `http://127.0.0.1:${(chain.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => chain.close(r));
});

async function through(guard: OriginGuard, origin: string | undefined, method = "POST") {
  const before = reached;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (origin !== undefined) headers.origin = origin;
  if (method === "OPTIONS") {
    headers["access-control-request-method"] = "POST";
    headers["access-control-request-headers"] = "content-type";
  }
  const res = await fetch(guard.url, {
    method,
    headers,
    ...(method === "POST" ? { body: '{"jsonrpc":"2.0","id":1,"method":"anvil_setBalance"}' } : {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    allowOrigin: res.headers.get("access-control-allow-origin"),
    reached: reached - before,
    text,
  };
}

describe("the chains' origin guard", () => {
  it("answers loopback origins by default, and requests without an origin", async () => {
    const guard = await guardOrigins(chainUrl, 0, chainOriginRule(undefined));
    try {
      expect(await through(guard, undefined)).toMatchObject({
        status: 200,
        allowOrigin: null,
        reached: 1,
      });
      for (const origin of [
        "http://localhost:5173",
        "http://127.0.0.1:3000",
        "https://app.localhost",
        "http://[::1]:8080",
        "http://localhost",
      ]) {
        expect(await through(guard, origin), origin).toMatchObject({
          status: 200,
          allowOrigin: origin,
          reached: 1,
        });
        expect(await through(guard, origin, "OPTIONS"), origin).toMatchObject({
          status: 204,
          allowOrigin: origin,
          reached: 0,
        });
      }
    } finally {
      await guard.close();
    }
  });

  it("refuses any other origin, preflight included, before the chain hears of it", async () => {
    const guard = await guardOrigins(chainUrl, 0, chainOriginRule(undefined));
    try {
      for (const origin of [
        "http://evil.example",
        "null",
        "http://localhost.evil.example",
        "http://127.0.0.1.evil.example",
        "http://localhost:5173/path",
        "file://",
      ]) {
        for (const method of ["POST", "OPTIONS"]) {
          const answer = await through(guard, origin, method);
          expect(answer, `${method} ${origin}`).toMatchObject({
            status: 403,
            allowOrigin: null,
            reached: 0,
          });
          expect(answer.text).toContain("may not use this chain");
        }
      }
    } finally {
      await guard.close();
    }
  });

  it("answers exactly the dev server's corsOrigins when given", async () => {
    const guard = await guardOrigins(chainUrl, 0, chainOriginRule(["http://app.example"]));
    try {
      expect(await through(guard, "http://app.example")).toMatchObject({
        status: 200,
        allowOrigin: "http://app.example",
        reached: 1,
      });
      for (const origin of [
        "http://localhost:5173",
        "http://app.example:8080",
        "https://app.example",
      ])
        expect(await through(guard, origin), origin).toMatchObject({ status: 403, reached: 0 });
    } finally {
      await guard.close();
    }
  });

  it("answers 502 when the chain is gone", async () => {
    const gone = createServer();
    await new Promise<void>((r) => gone.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
    await new Promise((r) => gone.close(r));
    const guard = await guardOrigins(url, 0, chainOriginRule(undefined));
    try {
      expect((await through(guard, undefined)).status).toBe(502);
    } finally {
      await guard.close();
    }
  });
});
