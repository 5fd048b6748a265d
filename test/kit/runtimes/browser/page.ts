/**
 * The page the Chromium run loads, and the static server that serves it on a loopback origin
 * (another origin than the dev server's, so every call is a CORS request). Its Content Security
 * Policy has no `'unsafe-eval'`: code generation from strings throws in the page.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { repoPath } from "../harness.js";

const NONCE = "smoke-import-map";

/** Files the page may load, by URL path. */
const FILES: Record<string, string> = {
  "/xchain-intents.js": "dist/index.js",
  "/openapi-fetch.js": "node_modules/openapi-fetch/dist/index.mjs",
  "/lifecycle.mjs": "test/kit/runtimes/smoke/lifecycle.mjs",
};

function html(): string {
  return `<!doctype html>
<meta charset="utf-8">
<title>xchain-intents smoke</title>
<script type="importmap" nonce="${NONCE}">
{ "imports": { "xchain-intents": "/xchain-intents.js", "openapi-fetch": "/openapi-fetch.js" } }
</script>
<script type="module" src="/boot.mjs"></script>
`;
}

const BOOT = `import * as sdk from "xchain-intents";
import { lifecycleSmoke } from "/lifecycle.mjs";
window.smoke = (baseUrl, accessKey) => lifecycleSmoke(sdk, { baseUrl, accessKey, runtime: "chromium" });
try {
  new Function("return 1")();
  window.evalBlocked = false;
} catch {
  window.evalBlocked = true;
}
window.ready = true;
`;

/** A running static server. */
export interface PageServer {
  /** Its origin, e.g. `http://127.0.0.1:40123`. */
  origin: string;
  /** Stops it. */
  close(): Promise<void>;
}

/** Serves the page, allowing fetches to `connectTo` (the dev server's origin) only. */
export async function servePage(connectTo: string): Promise<PageServer> {
  const csp = `default-src 'none'; script-src 'self' 'nonce-${NONCE}'; connect-src ${connectTo}`;
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const headers = { "content-security-policy": csp, "cache-control": "no-store" };
    if (path === "/") {
      res.writeHead(200, { ...headers, "content-type": "text/html; charset=utf-8" });
      res.end(html());
    } else if (path === "/boot.mjs" || FILES[path] !== undefined) {
      const body = path === "/boot.mjs" ? BOOT : readFileSync(repoPath(FILES[path] as string));
      res.writeHead(200, { ...headers, "content-type": "text/javascript; charset=utf-8" });
      res.end(body);
    } else {
      res.writeHead(404, headers);
      res.end();
    }
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
