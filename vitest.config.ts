import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/**
 * The tiers, one vitest project each, one folder each (docs/development.md):
 *
 * - `unit` (`test/unit/`): pure code; no socket, no child process (its set-up file makes both
 *   throw). Also the type tests (`*.test-d.ts`).
 * - `integration` (`test/integration/`, `docs/recipes/` but its chains recipe): the dev server in process on loopback,
 *   simulated mode; no child process (its set-up file makes starting one throw).
 * - `system` (`test/system/`, `npm run test:system`): local chains, child processes and the CLI,
 *   other runtimes, Chromium, Python, the tarball install.
 * - `long` (`test/long/`, `npm run test:long`, with `TEST_LONG=1` only): servers killed mid-write,
 *   memory under a small heap; it also runs the fuzz, the load and the long-poll tests again at
 *   their full sizes.
 *
 * `npm test` runs `unit` and `integration`; `npx vitest run` without `TEST_LONG` runs the first
 * three. The two fast tiers share one module graph per worker (`isolate: false`): most of their
 * time was spent importing the same sources again for every file; a test there leaves no global
 * state behind (servers closed, timers restored).
 */
const long = process.env.TEST_LONG === "1";

/** A path in this repository. */
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The package's entries by name, as the recipes import them, and the sources that stand in. */
const RECIPE_IMPORTS: Record<string, string> = {
  "xchain-intents": here("./src/index.ts"),
  "xchain-intents/devserver": here("./src/devserver.ts"),
  "xchain-intents/errors": here("./src/errors.ts"),
  "xchain-intents/query": here("./src/query.ts"),

  "xchain-intents/devserver/browser": here("./src/devserver/browser/index.ts"),
  "xchain-intents/react": here("./src/react.ts"),
  "xchain-intents/viem": here("./src/viem.ts"),
};

/** The docs' recipe for tests on local chains: it starts anvil, so it belongs to `system`. */
const CHAINS_RECIPE = "docs/recipes/chains.test.ts";

/** The tiers that run without `TEST_LONG`. */
const tiers: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: "unit",
      include: ["test/unit/**/*.test.ts"],
      setupFiles: ["test/kit/setup/unit.ts"],
      pool: "threads",
      isolate: false,
      typecheck: {
        enabled: true,
        include: ["test/unit/**/*.test-d.ts"],
        tsconfig: "./tsconfig.type-tests.json",
      },
    },
  },
  {
    extends: true,
    test: {
      name: "integration",
      include: ["test/integration/**/*.test.ts", "docs/recipes/*.test.ts"],
      // The chains recipe starts anvil: it runs in the system tier.
      exclude: [...configDefaults.exclude, CHAINS_RECIPE],
      setupFiles: ["test/kit/setup/integration.ts"],
      isolate: false,
    },
  },
  {
    extends: true,
    test: {
      name: "system",
      include: ["test/system/**/*.test.ts", CHAINS_RECIPE],
      // The package packed once for the tests of the published spec (test/kit/package/packed.ts).
      globalSetup: ["test/kit/setup/packed-package.ts"],
    },
  },
];

/** `npm run test:long`: the long tier, and the tests that grow with `TEST_LONG` at full size. */
const longTier: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: "long",
    include: [
      "test/long/**/*.test.ts",
      "test/integration/devserver/fuzz.test.ts",
      "test/system/reliability/load.test.ts",
      "test/system/reliability/long-poll.test.ts",
    ],
  },
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
    projects: long ? [longTier] : tiers,
    testTimeout: 20_000,
  },
});
