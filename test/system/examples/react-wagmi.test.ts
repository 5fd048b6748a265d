/**
 * The example dApp (examples/react-wagmi/: Vite, React, wagmi, TanStack Query and
 * xchain-intents/react) built, served on a loopback origin of its own, and driven in Chromium
 * against `serve` on local chains, paying from the dev wallet (`devWalletProvider` behind wagmi's
 * `injected` connector): a 503 shows its error after the SDK's one retry cycle (TanStack adds
 * none), a payment reaches SUCCEEDED with its receipt on the page, two tabs paying the same
 * intent pay once, and a reload while the deposit is pending resumes it and pays once.
 * Screenshots are kept in test-artifacts/react-wagmi/ (git-ignored).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portIsFree } from "../../../src/devserver/chains/ports.js";
import { TEST_ACCOUNT_0 } from "../../kit/constants.js";
import {
  type ServeChild,
  startServeChild,
  stopServeChild,
} from "../../kit/reliability/serve-child.js";
import { chromiumPresent, launchChromium } from "../../kit/runtimes/browser/chromium.js";
import { type PageServer, servePageFiles } from "../../kit/runtimes/browser/page-server.js";
import { repoPath } from "../../kit/runtimes/harness.js";

const FILE = "test/system/examples/react-wagmi.test.ts";
const APP = repoPath("examples/react-wagmi");
const SHOTS = repoPath("test-artifacts/react-wagmi");
const KEY = "example-test-key";
/** The first QuoteIntent calls the server fails with 503: one page's whole retry cycle. */
const FAILING_QUOTES = 4;

/** A port with the five after it free too (the chains' fixed ports). */
async function freeBlock(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const free = await Promise.all([0, 1, 2, 3, 4, 5].map((k) => portIsFree(base + k)));
    if (free.every(Boolean)) return base;
  }
}

/** A JSON-RPC call to a local chain. */
async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

// Outside CI, a machine without the example's packages skips it, saying so; in CI it runs (and
// fails) without them, as without the browser.
const installed = existsSync(join(APP, "node_modules")) || process.env.CI === "true";
if (!installed)
  console.warn(`skipped: ${FILE} needs the example's packages: npm run test:examples:install`);
const run = installed && chromiumPresent("the example dApp's test", FILE);

describe.runIf(run)("examples/react-wagmi in Chromium against serve on chains", () => {
  let serve: ServeChild;
  let pages: PageServer;
  let browser: Browser;
  let arbitrum: string;
  let appUrl: string;

  const nonce = async () =>
    Number(await rpc(arbitrum, "eth_getTransactionCount", [TEST_ACCOUNT_0, "latest"]));

  /** A fresh browser profile (its own localStorage) with one tab on the app. */
  async function openApp(
    context?: BrowserContext,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const ctx = context ?? (await browser.newContext());
    const page = await ctx.newPage();
    page.on("pageerror", (e) => console.error(`page error: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error") console.error(`page console: ${m.text()}`);
    });
    await page.goto(appUrl);
    return { context: ctx, page };
  }

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

  const paid = async (page: Page) => {
    const receipt = page.getByTestId("receipt");
    await receipt.waitFor({ timeout: 90_000 });
    expect(await receipt.getAttribute("data-status")).toBe("SUCCEEDED");
    expect(await receipt.textContent()).toMatch(/Deposit 0x[0-9a-f]{64}.*Delivery 0x[0-9a-f]{64}/);
  };

  const commit = async (page: Page) => {
    await page
      .getByTestId("quote")
      .waitFor({ timeout: 60_000 })
      .catch(async (e: unknown) => {
        await shot(page, "no-quote");
        throw new Error(`no quote shown; the page says: ${await page.textContent("body")}`, {
          cause: e,
        });
      });
    await page.getByTestId("commit").click();
    await page.getByTestId("pay").waitFor();
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // The example type-checks against the SDK's sources (strict), then builds.
    execFileSync(
      process.execPath,
      [repoPath("node_modules/typescript/bin/tsc"), "-p", join(APP, "tsconfig.json")],
      {
        stdio: "pipe",
      },
    );
    const out = join(APP, "dist");
    execFileSync(
      process.execPath,
      [join(APP, "node_modules/vite/bin/vite.js"), "build", "--outDir", out, "--emptyOutDir"],
      {
        cwd: APP,
        stdio: "ignore",
      },
    );
    const html = readFileSync(join(out, "index.html"));
    // The page and the chunks Vite wrote (file names of letters, digits, dots and dashes only).
    pages = await servePageFiles((path) => {
      if (path === "/") return { kind: "html", body: html };
      const file = join(out, path);
      if (!/^\/assets\/[\w.-]+\.js$/.test(path) || !existsSync(file)) return undefined;
      return { kind: "script", body: readFileSync(file) };
    });
    const port = await freeBlock();
    serve = await startServeChild(
      ["--port", String(port), "--access-key", KEY, "--fault", `QuoteIntent=503x${FAILING_QUOTES}`],
      { chains: true, readyMs: 90_000 },
    );
    arbitrum = `http://127.0.0.1:${port + 5}`;
    appUrl = `${pages.origin}/?service=${encodeURIComponent(serve.url)}&key=${KEY}`;
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await pages?.close();
    if (serve) await stopServeChild(serve);
  });

  it("shows a 503 after the SDK's one retry cycle, with no TanStack retry on top", async () => {
    // Counted from before the page loads: the app asks for a quote as soon as it starts, so a
    // listener added after `goto` can miss the first request.
    const counted = await browser.newContext();
    let quotes = 0;
    counted.on("request", (r) => {
      if (r.url().endsWith("/rpc/Service/QuoteIntent")) quotes++;
    });
    const { context, page } = await openApp(counted);
    const alert = page.getByTestId("error");
    await alert.waitFor({ timeout: 60_000 });
    await shot(page, "503");
    // The first call and the client's 3 retries. TanStack's own retries would have gone on to
    // the fifth call, which the server answers, and the page would show a quote, not an error.
    expect(quotes).toBe(FAILING_QUOTES);
    expect(await alert.textContent()).toMatch(/^[A-Z].* (moment|again)\.$/);
    await context.close();
  }, 120_000);

  it("pays: SUCCEEDED, with the receipt shown and every step passed", async () => {
    const before = await nonce();
    const { context, page } = await openApp();
    await commit(page);
    await page.getByTestId("pay").click();
    await paid(page);
    await shot(page, "succeeded");
    const states = await page
      .locator("[data-step]")
      .evaluateAll((els) =>
        els.map((e) => `${e.getAttribute("data-step")}=${e.getAttribute("data-state")}`),
      );
    expect(states).toEqual(
      expect.arrayContaining(["sign=done", "deposit=done", "destination=done", "final=done"]),
    );
    expect(await nonce()).toBe(before + 1);
    await context.close();
  }, 180_000);

  it("pays once when two tabs pay the same intent", async () => {
    const before = await nonce();
    const { context, page: first } = await openApp();
    await commit(first);
    const { page: second } = await openApp(context);
    await second.getByTestId("pay").waitFor({ timeout: 60_000 });
    await Promise.all([first.getByTestId("pay").click(), second.getByTestId("pay").click()]);
    await Promise.all([paid(first), paid(second)]);
    await shot(first, "two-tabs-first");
    await shot(second, "two-tabs-second");
    expect(await nonce()).toBe(before + 1);
    await context.close();
  }, 180_000);

  it("resumes after a reload while the deposit is pending, and pays once", async () => {
    const before = await nonce();
    const { context, page } = await openApp();
    await commit(page);
    await rpc(arbitrum, "evm_setAutomine", [false]);
    try {
      await page.getByTestId("pay").click();
      await page.locator('[data-step="sent"][data-state="active"]').waitFor({ timeout: 60_000 });
      await shot(page, "reload-pending");
      await page.reload();
      await page.getByTestId("progress").waitFor({ timeout: 60_000 });
    } finally {
      await rpc(arbitrum, "evm_setAutomine", [true]);
    }
    await rpc(arbitrum, "evm_mine");
    await paid(page);
    await shot(page, "reload-resumed");
    expect(await nonce()).toBe(before + 1);
    await context.close();
  }, 180_000);
});
