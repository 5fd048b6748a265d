/**
 * The example consumes the SDK from this repository's sources (no build of the package first):
 * each entry is an alias to its source file, and React, TanStack Query and viem are taken once,
 * from this app, also where the SDK's sources import them. An app of your own depends on
 * `xchain-intents` from the registry and needs none of this.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const sdk = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^xchain-intents$/, replacement: sdk("index.ts") },
      { find: /^xchain-intents\/errors$/, replacement: sdk("errors.ts") },
      { find: /^xchain-intents\/query$/, replacement: sdk("query.ts") },
      { find: /^xchain-intents\/types$/, replacement: sdk("types.ts") },
      { find: /^xchain-intents\/react$/, replacement: sdk("react.ts") },
      { find: /^xchain-intents\/viem$/, replacement: sdk("viem.ts") },
      {
        find: /^xchain-intents\/devserver\/browser$/,
        replacement: sdk("devserver/browser/index.ts"),
      },
    ],
    dedupe: ["react", "react-dom", "@tanstack/react-query", "viem", "wagmi"],
  },
  oxc: { jsx: { runtime: "automatic" } },
  build: {
    target: "es2022",
    // wagmi, viem and TanStack Query in one chunk: about 800 kB before compression.
    chunkSizeWarningLimit: 1_000,
    rolldownOptions: {
      // wagmi's modules open with "use client" (for React server components): meaningless in a
      // client bundle, and said once per module.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
});
