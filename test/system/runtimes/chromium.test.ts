import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { chromiumPresent, launchChromium } from "../../kit/runtimes/browser/chromium.js";
import { servePage } from "../../kit/runtimes/browser/page.js";
import { openPage, type PageServer } from "../../kit/runtimes/browser/page-server.js";
import { expectSmoke, requireBuilt } from "../../kit/runtimes/harness.js";
import { QUICK_SERVER, startServer } from "../../kit/server.js";

const present = chromiumPresent(
  "the Chromium runtime test",
  "test/system/runtimes/chromium.test.ts",
);

let srv: DevServer;
let page: PageServer;
let browser: Browser;

beforeAll(async () => {
  if (!present) return;
  requireBuilt();
  srv = await startServer(QUICK_SERVER);
  page = await servePage(srv.url);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  if (!present) return;
  await browser?.close();
  await page?.close();
  await srv?.close();
});

describe.skipIf(!present)("the built package in headless Chromium", () => {
  it("runs the lifecycle from the ESM bundle in a page on another loopback origin", async () => {
    const tab = await browser.newPage();
    const problems: string[] = [];
    tab.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    // The smoke's deliberately modified commit is answered 400, which Chromium logs; nothing else.
    tab.on("console", (m) => {
      if (m.type() === "error" && !m.text().includes("status of 400 (Bad Request)"))
        problems.push(`console: ${m.text()}`);
    });
    await openPage(tab, page.origin);
    // Evaluated by the page's own script (the harness's evaluate would bypass the policy).
    const evalBlocked = await tab.evaluate(() => (window as { evalBlocked?: boolean }).evalBlocked);
    const result = await tab.evaluate(
      ([url, key]) =>
        (window as unknown as { smoke(u: string, k: string): Promise<unknown> }).smoke(url, key),
      [srv.url, srv.accessKey] as const,
    );
    expect(problems).toEqual([]);
    expect(evalBlocked).toBe(true);
    expectSmoke(result as Record<string, unknown>, "chromium");
    expect(await tab.evaluate(() => navigator.userAgent)).toMatch(/HeadlessChrome|Chrome/);
  });
});
