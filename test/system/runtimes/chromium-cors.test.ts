/**
 * CORS in a real browser: a page on another loopback origin with a wrong path in `baseUrl` gets
 * the same bad-route hint as Node (the preflight of an unknown path is answered, so the browser
 * lets the page read the 404), and a dev server restricted with `corsOrigins` is refused by the
 * browser for a page on an origin it does not list.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { chromiumPresent, launchChromium } from "../../kit/runtimes/browser/chromium.js";
import { servePage } from "../../kit/runtimes/browser/page.js";
import { openPage, type PageServer } from "../../kit/runtimes/browser/page-server.js";
import { requireBuilt } from "../../kit/runtimes/harness.js";
import { startServer } from "../../kit/server.js";

const present = chromiumPresent(
  "the Chromium CORS test",
  "test/system/runtimes/chromium-cors.test.ts",
);

let open: DevServer;
let restricted: DevServer;
let page: PageServer;
let browser: Browser;
let tab: Page;

beforeAll(async () => {
  if (!present) return;
  requireBuilt();
  open = await startServer({ port: 0, rateLimit: false });
  restricted = await startServer({
    port: 0,
    rateLimit: false,
    corsOrigins: ["http://app.example"],
  });
  page = await servePage(`${open.url} ${restricted.url}`);
  browser = await launchChromium();
  tab = await browser.newPage();
  await openPage(tab, page.origin);
}, 60_000);

afterAll(async () => {
  if (!present) return;
  await browser?.close();
  await page?.close();
  await open?.close();
  await restricted?.close();
});

/** Pings `baseUrl` from the page with the built client; the error's name and message, or "ok". */
function pingFromPage(baseUrl: string, accessKey: string): Promise<string> {
  // A string, so that the test's own transform leaves the page's `import()` alone; the page's
  // import map resolves the name to the built ESM bundle.
  return tab.evaluate(`(async () => {
    const sdk = await import("xchain-intents");
    const client = sdk.createClient({ baseUrl: ${JSON.stringify(baseUrl)}, accessKey: ${JSON.stringify(accessKey)}, retry: false });
    try {
      await client.ping();
      return "ok";
    } catch (e) {
      return e.name + ": " + e.message;
    }
  })()`);
}

describe.skipIf(!present)("CORS in headless Chromium", () => {
  it("a wrong path in baseUrl gets the bad-route hint, as in Node", async () => {
    expect(await pingFromPage(open.url, open.accessKey)).toBe("ok");
    const said = await pingFromPage(`${open.url}/api`, open.accessKey);
    expect(said).toMatch(/^WebrpcBadRouteError: /);
    expect(said).toContain(`at POST ${open.url}/api/rpc/Service/Ping`);
    expect(said).toContain("likely the path /api in baseUrl");
    expect(said).toContain(`so try baseUrl ${open.url}`);
  });

  it("a server restricted to other origins is refused by the browser", async () => {
    const said = await pingFromPage(restricted.url, restricted.accessKey);
    expect(said).not.toBe("ok");
    expect(said).toMatch(/^WebrpcRequestFailedError: /);
  });
});
