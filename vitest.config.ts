import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * The slow tier, run by `npm run test:long` (and by CI after `npm test`) only: a server killed
 * with SIGKILL in the middle of writes, and memory under a small heap.
 */
const LONG_ONLY = [
  "test/reliability/state-file.test.ts",
  "test/reliability/chain-state.test.ts",
  "test/reliability/bounds.test.ts",
];

/** `test:long` also runs the fuzz, the load and the long-poll tests again at their full sizes. */
const long = process.env.TEST_LONG === "1";

/** A path in this repository. */
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The package's entries by name, as the recipes import them, and the sources that stand in. */
const RECIPE_IMPORTS: Record<string, string> = {
  "xchain-intents": here("./src/index.ts"),
  "xchain-intents/devserver": here("./src/devserver/index.ts"),
  "xchain-intents/viem": here("./src/wallet/index.ts"),
};

export default defineConfig({
  // The recipes import the package by its name, as a user's code does: the sources stand in. Only
  // for them: the built files in dist/ import the package by name too, and must get dist/ itself.
  plugins: [
    {
      name: "recipes-import-the-sources",
      enforce: "pre",
      resolveId(source, importer) {
        if (importer === undefined || !importer.includes("/docs/recipes/")) return undefined;
        return RECIPE_IMPORTS[source];
      },
    },
  ],
  test: {
    include: long
      ? [
          ...LONG_ONLY,
          "test/devserver/fuzz.test.ts",
          "test/reliability/load.test.ts",
          "test/reliability/long-poll.test.ts",
        ]
      : ["test/**/*.test.ts", "docs/recipes/*.test.ts"],
    exclude: long ? configDefaults.exclude : [...configDefaults.exclude, ...LONG_ONLY],
    typecheck: {
      enabled: !long,
      include: ["test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
    testTimeout: 20_000,
  },
});
