import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** A path in this repository. */
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // The recipes import the package by its name, as a user's code does: the sources stand in.
  resolve: {
    alias: [
      { find: /^xchain-intents\/devserver$/, replacement: here("./src/devserver/index.ts") },
      { find: /^xchain-intents$/, replacement: here("./src/index.ts") },
    ],
  },
  test: {
    include: ["test/**/*.test.ts", "docs/recipes/*.test.ts"],
    typecheck: {
      enabled: true,
      include: ["test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
    testTimeout: 20_000,
  },
});
