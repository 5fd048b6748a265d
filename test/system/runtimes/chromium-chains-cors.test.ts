/**
 * The chains `serve` starts answer browsers under the dev server's CORS rule, in a real browser:
 * a server on chains restricted to one origin (`corsOrigins`) lets a page on that origin call its
 * chain's RPC URL, and a page on another (loopback) origin is refused by the browser: its
 * `anvil_setBalance` never takes effect (checked from Node afterwards). The page on the allowed
 * origin is the same page server under another name (a host resolver rule in Chromium).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { rpcCall } from "../../kit/chains/chain.js";
import { chromiumPresent, launchChromium } from "../../kit/runtimes/browser/chromium.js";
import { type PageServer, servePageFiles } from "../../kit/runtimes/browser/page-server.js";
import { startServer } from "../../kit/server.js";

const present = chromiumPresent(
  "the Chromium CORS test of the chains",
  "test/system/runtimes/chromium-chains-cors.test.ts",
);

const APP_HOST = "app.example";
const RICH = "0x00000000000000000000000000000000000c0ffe";

let srv: DevServer;
let page: PageServer;
let browser: Browser;
let allowedOrigin = "";

beforeAll(async () => {
  if (!present) return;
  page = await servePageFiles(() => ({
    kind: "html",
    body: "<!doctype html><title>chains CORS</title><script>window.ready = true</script>",
  }));
  const port = new URL(page.origin).port;
  allowedOrigin = `http://${APP_HOST}:${port}`;
  srv = await startServer({ chains: true, rateLimit: false, corsOrigins: [allowedOrigin] });
  browser = await launchChromium([`--host-resolver-rules=MAP ${APP_HOST} 127.0.0.1`]);
}, 120_000);

afterAll(async () => {
  if (!present) return;
  await browser?.close();
  await page?.close();
  await srv?.close();
});

/** Opens the page at `origin` and posts a JSON-RPC call to `rpcUrl` from it: the result or the error. */
async function rpcFromPage(origin: string, rpcUrl: string, method: string, params: unknown[]) {
  const tab: Page = await browser.newPage();
  try {
    await tab.goto(`${origin}/`);
    return await tab.evaluate(
      async ({ url, body }) => {
        try {
          const res = await fetch(url, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body,
          });
          return `${res.status} ${await res.text()}`;
        } catch (e) {
          return `refused: ${(e as Error).name}`;
        }
      },
      { url: rpcUrl, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) },
    );
  } finally {
    await tab.close();
  }
}

describe.skipIf(!present)("the chains' CORS in headless Chromium", () => {
  it("answers the allowed origin and refuses another, whose anvil_ call never takes effect", async () => {
    const [chainId, chain] = Object.entries(srv.chains ?? {})[0] as [string, { rpcUrl: string }];
    const id = Number(chainId);
    expect(await rpcFromPage(allowedOrigin, chain.rpcUrl, "eth_chainId", [])).toBe(
      `200 {"jsonrpc":"2.0","id":1,"result":"0x${id.toString(16)}"}`,
    );
    const balance = () => rpcCall(srv, id, "eth_getBalance", [RICH, "latest"]);
    expect(await balance()).toBe("0x0");
    const other = page.origin; // http://127.0.0.1:<port>: loopback, but not the one allowed
    expect(await rpcFromPage(other, chain.rpcUrl, "eth_chainId", [])).toBe("refused: TypeError");
    expect(
      await rpcFromPage(other, chain.rpcUrl, "anvil_setBalance", [RICH, "0xde0b6b3a7640000"]),
    ).toBe("refused: TypeError");
    expect(await balance()).toBe("0x0");
  });
});
