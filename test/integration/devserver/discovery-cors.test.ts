/**
 * The dev server's discovery call (`GET /dev/chains`) and its CORS preflight on every path, over
 * loopback HTTP to a simulated dev server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { startServer } from "../../kit/server.js";

let srv: DevServer;
beforeAll(async () => {
  srv = await startServer({ port: 0 });
});
afterAll(() => srv.close());

describe("GET /dev/chains", () => {
  it("answers the mode, chains and test accounts to a request with the key", async () => {
    const res = await fetch(`${srv.url}/dev/chains`, {
      headers: { "X-Access-Key": srv.accessKey },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ mode: "simulated", chains: {}, testAccounts: [] });
  });

  it("refuses a request without the key, or with another one, as the operations do", async () => {
    const none = await fetch(`${srv.url}/dev/chains`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: "Unauthorized" });
    const wrong = await fetch(`${srv.url}/dev/chains`, { headers: { "X-Access-Key": "nope" } });
    expect(await wrong.json()).toMatchObject({ error: "AccessKeyNotFound" });
  });

  it("answers another method with WebrpcBadMethod naming GET", async () => {
    const res = await fetch(`${srv.url}/dev/chains`, {
      method: "POST",
      headers: { "X-Access-Key": srv.accessKey },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expect((await res.json()).cause).toContain("use GET");
  });
});

describe("CORS preflight", () => {
  for (const path of [
    "/rpc/Service/QuoteIntent",
    "/api/rpc/Service/QuoteIntent",
    "/nowhere",
    "/dev/chains",
  ])
    it(`answers OPTIONS ${path} with 204 and the CORS headers`, async () => {
      const res = await fetch(`${srv.url}${path}`, {
        method: "OPTIONS",
        headers: {
          Origin: "http://localhost:5173",
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type, x-access-key",
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
      expect(res.headers.get("access-control-allow-methods")).toContain("POST");
      expect(res.headers.get("access-control-allow-headers")).toContain("X-Access-Key");
    });

  it("lets a browser read the bad route of a wrong path (CORS headers on the 404)", async () => {
    const res = await fetch(`${srv.url}/api/rpc/Service/Ping`, {
      method: "POST",
      headers: { Origin: "http://localhost:5173", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(404);
    expect(res.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(await res.json()).toMatchObject({ error: "WebrpcBadRoute" });
  });
});
