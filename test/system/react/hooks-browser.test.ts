/**
 * The hooks in a browser, in React's strict mode: `useIntent` follows an intent of the dev server
 * (its first mount's effect cleaned up, the second following), and unmounting the component
 * aborts the long poll in flight, after which no call is sent.
 */
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { createClient } from "../../../src/index.js";
import { usdcRequest } from "../../kit/quote-request.js";
import { chromiumPresent, launchChromium } from "../../kit/runtimes/browser/chromium.js";
import {
  openPage,
  type PageServer,
  servePageFiles,
} from "../../kit/runtimes/browser/page-server.js";
import { repoPath } from "../../kit/runtimes/harness.js";
import { startServer } from "../../kit/server.js";

const FILE = "test/system/react/hooks-browser.test.ts";
const HTML =
  '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="/page.js"></script>';

describe.runIf(chromiumPresent("the hooks' browser test", FILE))("hooks in Chromium", () => {
  let srv: DevServer;
  let pages: PageServer;
  let browser: Awaited<ReturnType<typeof launchChromium>>;

  beforeAll(async () => {
    const out = await build({
      entryPoints: [repoPath("test/kit/react/page-entry.tsx")],
      bundle: true,
      write: false,
      format: "esm",
      platform: "browser",
      target: "es2022",
      jsx: "automatic",
      define: { "process.env.NODE_ENV": '"development"' },
      logLevel: "silent",
    });
    const script = out.outputFiles[0]?.text ?? "";
    pages = await servePageFiles((path) =>
      path === "/"
        ? { kind: "html", body: HTML }
        : path === "/page.js"
          ? { kind: "script", body: script }
          : undefined,
    );
    // Receipt stages of a minute: the intent stays where it is while the page follows it.
    srv = await startServer({ rateLimit: false, durations: { stageMs: 60_000 } });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await pages?.close();
    await srv?.close();
  });

  it("follows an intent in strict mode, and unmounting aborts the call in flight", async () => {
    const client = createClient({ baseUrl: srv.url, accessKey: srv.accessKey });
    const { intentId } = await client.quoteAndCommit(usdcRequest());
    const tab = await browser.newPage();
    const problems: string[] = [];
    tab.on("pageerror", (e) => problems.push(e.message));
    tab.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    await openPage(tab, pages.origin);
    await tab.evaluate(
      ([url, key, id]) => {
        (
          window as unknown as { hooks: { mount(u: string, k: string, i: string): void } }
        ).hooks.mount(url as string, key as string, id as string);
      },
      [srv.url, srv.accessKey, intentId],
    );
    await tab.waitForFunction(
      () => (window as unknown as { hooks: { statuses: string[] } }).hooks.statuses.length > 0,
    );
    const read = () =>
      tab.evaluate(() => {
        const h = (
          window as unknown as { hooks: { statuses: string[]; sent: number; aborted: number } }
        ).hooks;
        return { statuses: [...h.statuses], sent: h.sent, aborted: h.aborted };
      });
    const following = await read();
    expect(following.statuses).toEqual(["COMMITTED"]);
    // Strict mode's first mount was cleaned up: its call, if it had started one, was aborted.
    const abortedBefore = following.aborted;
    await tab.evaluate(() => (window as unknown as { hooks: { unmount(): void } }).hooks.unmount());
    await tab.waitForFunction(
      (n) => (window as unknown as { hooks: { aborted: number } }).hooks.aborted > n,
      abortedBefore,
    );
    const after = await read();
    // Nothing more is sent once the component is gone (a GetIntentReceipt poll would follow a
    // long poll the service does not have; the dev server has them, so one call was in flight).
    await tab.evaluate(() => new Promise((r) => setTimeout(r, 300)));
    expect((await read()).sent).toBe(after.sent);
    await tab.close();
  }, 60_000);
});
