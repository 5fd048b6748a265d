/**
 * A test page served on a loopback origin of its own (another origin than the dev server's, so
 * the page's calls are CORS requests), and a tab that opens it and waits until its script is
 * ready. Both browser pages (the runtime smoke, the injected wallet) are served this way.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";

/** One answer of the page server: an HTML page or a script. */
export interface PageFile {
  kind: "html" | "script";
  body: string | Buffer;
}

/** A running static server. */
export interface PageServer {
  /** Its origin, e.g. `http://127.0.0.1:40123`. */
  origin: string;
  /** Stops it. */
  close(): Promise<void>;
}

const CONTENT_TYPE = {
  html: "text/html; charset=utf-8",
  script: "text/javascript; charset=utf-8",
} as const;

/**
 * Serves `file(path)` for each URL path on 127.0.0.1 (a path it has no file for: 404), every
 * answer with `headers` and `cache-control: no-store`.
 */
export async function servePageFiles(
  file: (path: string) => PageFile | undefined,
  headers: Record<string, string> = {},
): Promise<PageServer> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const common = { ...headers, "cache-control": "no-store" };
    const found = file(path);
    if (found === undefined) {
      res.writeHead(404, common);
      res.end();
      return;
    }
    res.writeHead(200, { ...common, "content-type": CONTENT_TYPE[found.kind] });
    res.end(found.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Opens the page at `origin` in `tab` and waits until its script has set `window.ready`. */
export async function openPage(tab: Page, origin: string): Promise<void> {
  await tab.goto(`${origin}/`);
  await tab.waitForFunction(() => (window as { ready?: boolean }).ready === true);
}
