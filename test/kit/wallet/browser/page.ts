/**
 * The injected-wallet page, served on a loopback origin of its own (`servePageFiles`: another
 * origin than the dev server's, so the client's calls are CORS requests). The page script is
 * `page-entry.ts` bundled by esbuild from the package sources, viem included.
 */
import { build } from "esbuild";
import { type PageServer, servePageFiles } from "../../runtimes/browser/page-server.js";
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

/** Serves the page and its bundled script. */
export async function serveWalletPage(): Promise<PageServer> {
  const script = await bundlePage();
  return servePageFiles((path) => {
    if (path === "/") return { kind: "html", body: HTML };
    if (path === "/page.js") return { kind: "script", body: script };
    return undefined;
  });
}
