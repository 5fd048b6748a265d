import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { packageVersion } from "../../../src/internal/command/version.js";
import { repoPath } from "../../kit/runtimes/harness.js";

describe("packageVersion", () => {
  it("finds the package's own package.json from the sources", () => {
    const pkg = JSON.parse(readFileSync(repoPath("package.json"), "utf8")) as { version: string };
    expect(packageVersion()).toBe(pkg.version);
  });
});
