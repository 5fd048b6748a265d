/**
 * The injected-wallet page and the static server that serves it on a loopback origin (another
 * origin than the dev server's, so the client's calls are CORS requests). The page script is
 * `page-entry.ts` bundled by esbuild from the package sources, viem included.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { build } from "esbuild";
import { repoPath } from "../../runtimes/harness.js";

const HTML = `<!doctype html>
<meta charset="utf-8">
<title>xchain-intents injected wallet</title>
<link rel="icon" href="data:,">
<script type="module" src="/page.js"></script>
`;

/** Bundles the page script (ESM for current browsers). */
export async function bundlePage(): Promise<string> {
  const out = await build({
    entryPoints: [repoPath("test/kit/wallet/browser/page-entry.ts")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    logLevel: "silent",
  });
  const [file] = out.outputFiles;
  if (file === undefined) throw new Error("esbuild produced no output");
  return file.text;
}

/** A running static server. */
export interface PageServer {
  /** Its origin, e.g. `http://127.0.0.1:40123`. */
  origin: string;
  /** Stops it. */
  close(): Promise<void>;
}

/** Serves the page and its bundled script. */
export async function serveWalletPage(): Promise<PageServer> {
  const script = await bundlePage();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const headers = { "cache-control": "no-store" };
    if (path === "/") {
      res.writeHead(200, { ...headers, "content-type": "text/html; charset=utf-8" });
      res.end(HTML);
    } else if (path === "/page.js") {
      res.writeHead(200, { ...headers, "content-type": "text/javascript; charset=utf-8" });
      res.end(script);
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
