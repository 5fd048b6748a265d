/**
 * The package build: ESM and CommonJS with declarations for the library entries, and the command
 * line as one ESM file.
 *
 * - The client entries (`xchain-intents`, `/errors`, `/query`) are built together with code
 *   splitting: what two of them hold (the error classes above all) is one shared file, so an
 *   error class imported from `xchain-intents/errors` is the very class the client throws
 *   (`instanceof` holds), and nothing is shipped twice. `xchain-intents/types` is types only.
 * - The wallet entry (`xchain-intents/viem`) is `neutral` too; viem, its peer dependency, stays
 *   an import, and so do `ServiceError` and the wallet's error classes, which
 *   `xchain-intents/errors` holds (see `sharedErrorBase`). Its file store is an entry of its own
 *   for Node, out of browser bundles.
 * - `xchain-intents/devserver/browser` is `neutral`: the dev server's helpers a browser app uses
 *   (`devChains`, `devWalletProvider`), with no Node built-in, apart from the Node-only server.
 * - The React entry (`xchain-intents/react`) is `neutral`; React, TanStack Query and the rest of
 *   the package stay imports (see `reactEntry`).
 * - The client entries are bundled for the `neutral` platform: a Node built-in imported anywhere
 *   in them fails the build (they must run in browsers, Deno, Bun and workerd).
 * - `openapi-fetch` stays a dependency (imported, not copied); `@noble/hashes` (ESM only) is
 *   bundled into the dev server so that its CommonJS build loads on every Node 20.
 * - `dist/` is emptied by the `build` script before, not here: the builds run in parallel.
 * - `BUILD_DECLARATIONS=0` (`npm run build:code`, which `npm test` runs) writes the code alone: the
 *   declarations take most of the build's time (a TypeScript program per entry) and `npm test`
 *   type-checks the sources already; `npm run test:system` runs the whole build, then the package
 *   gates on it.
 * - No `keepNames`: it wraps every function in a `__name` call (2.1 kB min+gzip in each bundle of
 *   the client). Class names survive without it: the generated error classes set their `name`,
 *   and the handwritten ones never refer to themselves, so esbuild keeps their declarations.
 */
import { resolve } from "node:path";
import { defineConfig, type Options } from "tsup";

const shared: Options = {
  target: "es2022",
  // No source maps: the builds are not minified, each function under a comment naming its source
  // file, so a stack trace already points at readable code; maps (their sources inlined) were
  // 6 MB of the 9.9 MB the package unpacked to.
  sourcemap: false,
  splitting: false,
  treeshake: true,
  clean: false,
  removeNodeProtocol: false,
  noExternal: ["@noble/hashes"],
  tsconfig: "tsconfig.build.json",
};

/** An esbuild plugin, as tsup takes it. */
type Plugin = NonNullable<Options["esbuildPlugins"]>[number];

/**
 * A plugin that leaves the relative imports resolving to `modules` (a pattern of the absolute
 * path, `/src/…` onwards) as imports of the package entry `entry` instead of bundling them. It
 * tests the resolved path, not the import's text, so a file of another room with the same name is
 * never taken for one of them.
 */
function fromEntry(name: string, modules: RegExp, entry: string): Plugin {
  return {
    name,
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        const target = resolve(args.resolveDir, args.path).replaceAll("\\", "/");
        return modules.test(target) ? { path: entry, external: true } : undefined;
      });
    },
  };
}

/**
 * The wallet entry's errors are the classes of `xchain-intents/errors` itself, built there on the
 * client's `ServiceError` by its `defineError`, all imported from that entry, not copied:
 * `instanceof` holds whichever entry a caller imports a class from, and none is shipped twice.
 */
const sharedErrorBase = fromEntry(
  "shared-error-base",
  /\/src\/errors\/(service-error|define-error|wallet-errors)\.js$/,
  "xchain-intents/errors",
);

/**
 * Code the client entry already holds and exports, which the wallet entry imports from there
 * rather than shipping a copy: the checks of answers against requests (`quoteAndCommit` uses
 * them), and waiting and aborting (`sleep`, `abortable`).
 */
const sharedWithClient = fromEntry(
  "shared-with-client",
  /\/src\/client\/(answers-request|amount-bounds|wait)\.js$/,
  "xchain-intents",
);

/**
 * The command line's demo loads the wallet step on demand from the package's own wallet entry,
 * so that `xchain-intents serve` never needs viem.
 */
const walletEntry = fromEntry(
  "wallet-entry",
  /\/src\/(viem|wallet\/index)\.js$/,
  "xchain-intents/viem",
);

/**
 * The React entry imports the rest of the package from its public entries, never a copy: the
 * wallet step from `xchain-intents/viem`, the query keys from `xchain-intents/query`, everything
 * else (expiry helpers) from the client entry.
 */
const reactEntry: Plugin = {
  name: "react-entry",
  setup(build) {
    build.onResolve({ filter: /^\.\.\// }, (args) => {
      if (!args.importer.includes("/src/react/")) return undefined;
      if (/^\.\.\/wallet\//.test(args.path)) return { path: "xchain-intents/viem", external: true };
      if (/\/query-keys\.js$/.test(args.path))
        return { path: "xchain-intents/query", external: true };
      return { path: "xchain-intents", external: true };
    });
  },
};

/** Whether declarations are written (all but `npm run build:code`). */
const declarations = process.env.BUILD_DECLARATIONS !== "0";

/** `dts` of an entry that ships declarations: off when the build writes code alone. */
const types = (dts: Options["dts"]): Options["dts"] => (declarations ? dts : false);

const entries: Options[] = [
  {
    ...shared,
    entry: { index: "src/index.ts", errors: "src/errors.ts", query: "src/query.ts" },
    format: ["esm", "cjs"],
    platform: "neutral",
    splitting: true,
    dts: types(true),
  },
  {
    ...shared,
    entry: { devserver: "src/devserver.ts" },
    format: ["esm", "cjs"],
    platform: "node",
    dts: types(true),
  },
  {
    ...shared,
    entry: { "devserver-browser": "src/devserver/browser/index.ts" },
    format: ["esm", "cjs"],
    platform: "neutral",
    dts: types(true),
  },
  {
    ...shared,
    entry: { viem: "src/viem.ts" },
    format: ["esm", "cjs"],
    platform: "neutral",
    external: ["viem"],
    esbuildPlugins: [sharedErrorBase, sharedWithClient],
    dts: types(true),
  },
  {
    ...shared,
    entry: { "viem-file-store": "src/wallet/file-store.ts" },
    format: ["esm", "cjs"],
    platform: "node",
    external: ["viem"],
    dts: types(true),
  },
  {
    ...shared,
    entry: { react: "src/react.ts" },
    format: ["esm", "cjs"],
    platform: "neutral",
    external: ["react", "@tanstack/react-query", "viem"],
    esbuildPlugins: [reactEntry],
    dts: types(true),
  },
  {
    ...shared,
    entry: { cli: "src/cli.ts" },
    format: ["esm"],
    platform: "node",
    esbuildPlugins: [walletEntry],
  },
];

/**
 * Types only: `xchain-intents/openapi` and `xchain-intents/types` have declarations and no code
 * (the `.js` files tsup writes beside them are empty and not exported). Left out when the build
 * writes code alone.
 */
const openapiTypes: Options = {
  ...shared,
  entry: { openapi: "src/openapi.ts", types: "src/types.ts" },
  format: ["esm", "cjs"],
  platform: "neutral",
  dts: { only: true },
};

export default defineConfig(declarations ? [...entries, openapiTypes] : entries);
