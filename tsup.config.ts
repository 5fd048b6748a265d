/**
 * The package build: ESM and CommonJS with declarations for the two library entries, and the
 * command line as one ESM file.
 *
 * - The client entry is bundled for the `neutral` platform: a Node built-in imported anywhere in
 *   it fails the build (it must run in browsers, Deno, Bun and workerd).
 * - `openapi-fetch` stays a dependency (imported, not copied); `@noble/hashes` (ESM only) is
 *   bundled into the dev server so that its CommonJS build loads on every Node 20.
 * - `dist/` is emptied by the `build` script before, not here: the three builds run in parallel.
 * - No `keepNames`: it wraps every function in a `__name` call (2.1 kB min+gzip in each bundle of
 *   the client). Class names survive without it: the generated error classes set their `name`,
 *   and the handwritten ones never refer to themselves, so esbuild keeps their declarations.
 */
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

export default defineConfig([
  {
    ...shared,
    entry: { index: "src/index.ts" },
    format: ["esm", "cjs"],
    platform: "neutral",
    dts: true,
  },
  {
    ...shared,
    entry: { devserver: "src/devserver/index.ts" },
    format: ["esm", "cjs"],
    platform: "node",
    dts: true,
  },
  {
    ...shared,
    entry: { cli: "src/cli.ts" },
    format: ["esm"],
    platform: "node",
  },
]);
