import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { complete, platformOf } from "../../../scripts/lock-platforms.js";
import { repoPath } from "../../kit/runtimes/harness.js";

describe("package-lock.json", () => {
  it("has an entry for every optional platform package, so that `npm ci` accepts it", () => {
    const lock = JSON.parse(readFileSync(repoPath("package-lock.json"), "utf8"));
    expect(complete(lock), "run `npx tsx scripts/lock-platforms.ts`").toEqual([]);
  });

  it("so has the runtime tier's own lockfile (Bun, Deno, workerd, installed apart)", () => {
    const lock = JSON.parse(
      readFileSync(repoPath("test/system/runtimes/package-lock.json"), "utf8"),
    );
    expect(complete(lock), "run `npx tsx scripts/lock-platforms.ts`").toEqual([]);
    const root = JSON.parse(readFileSync(repoPath("package.json"), "utf8"));
    for (const name of ["bun", "deno", "workerd"])
      expect(
        root.devDependencies[name],
        `${name} belongs to test/system/runtimes/package.json`,
      ).toBe(undefined);
  });

  it("reads the platform from a package's name", () => {
    expect(platformOf("@biomejs/cli-darwin-arm64")).toEqual({ os: ["darwin"], cpu: ["arm64"] });
    expect(platformOf("@rollup/rollup-linux-x64-musl")).toEqual({
      os: ["linux"],
      cpu: ["x64"],
      libc: ["musl"],
    });
    expect(platformOf("@deno/linux-arm64-glibc")).toEqual({
      os: ["linux"],
      cpu: ["arm64"],
      libc: ["glibc"],
    });
    expect(platformOf("@cloudflare/workerd-windows-64")).toEqual({ os: ["win32"], cpu: ["x64"] });
    expect(platformOf("@rollup/rollup-win32-ia32-msvc")).toEqual({ os: ["win32"], cpu: ["ia32"] });
    expect(platformOf("openapi-fetch")).toBeUndefined();
  });
});
