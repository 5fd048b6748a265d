/**
 * The page the Chromium run loads, served on a loopback origin of its own (`servePageFiles`:
 * another origin than the dev server's, so every call is a CORS request). Its Content Security
 * Policy has no `'unsafe-eval'`: code generation from strings throws in the page.
 */
import { readFileSync } from "node:fs";
import { repoPath } from "../harness.js";
import { type PageServer, servePageFiles } from "./page-server.js";

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

/** Serves the page, allowing fetches to `connectTo` (the dev server's origin) only. */
export function servePage(connectTo: string): Promise<PageServer> {
  const csp = `default-src 'none'; script-src 'self' 'nonce-${NONCE}'; connect-src ${connectTo}`;
  return servePageFiles(
    (path) => {
      if (path === "/") return { kind: "html", body: html() };
      if (path === "/boot.mjs") return { kind: "script", body: BOOT };
      // The client entry's shared files, which it imports beside itself (`./chunk-….js`).
      const file =
        FILES[path] ?? (/^\/chunk-[A-Z0-9]+\.js$/.test(path) ? `dist${path}` : undefined);
      return file === undefined
        ? undefined
        : { kind: "script", body: readFileSync(repoPath(file)) };
    },
    { "content-security-policy": csp },
  );
}
