import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    typecheck: {
      enabled: true,
      include: ["test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
    benchmark: {
      include: ["test/bench/**/*.bench.ts"],
    },
    testTimeout: 20_000,
  },
});
