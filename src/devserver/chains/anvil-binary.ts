/**
 * Where anvil is: the binary of `@foundry-rs/anvil`'s package for this platform
 * (`@foundry-rs/anvil-<os>-<cpu>/bin/anvil`), found from the running script and from the working
 * directory. anvil is an optional peer dependency: a project without it gets `undefined` and the
 * dev server runs its simulated mode.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

/** The command that installs anvil into a project. */
export const ANVIL_INSTALL = "npm install --save-dev @foundry-rs/anvil";

/** The name of anvil's package for this platform, or `undefined` when it ships none. */
export function anvilPackage(
  platform: string = process.platform,
  arch: string = process.arch,
): string | undefined {
  const cpu = arch === "x64" ? "amd64" : arch === "arm64" ? "arm64" : undefined;
  if (cpu === undefined) return undefined;
  if (platform === "linux" || platform === "darwin") return `@foundry-rs/anvil-${platform}-${cpu}`;
  if (platform === "win32" && cpu === "amd64") return "@foundry-rs/anvil-win32-amd64";
  return undefined;
}

/** The path of the anvil binary, or `undefined` when it is not installed. */
export function findAnvil(): string | undefined {
  const pkg = anvilPackage();
  if (pkg === undefined) return undefined;
  const exe = process.platform === "win32" ? "anvil.exe" : "anvil";
  // From the running script (inside the project's node_modules when run by npx or a bin link)
  // and from the working directory (a project's tests and scripts).
  const bases = [process.argv[1], join(process.cwd(), "package.json")];
  for (const base of bases) {
    if (base === undefined || base === "") continue;
    try {
      const manifest = createRequire(base).resolve(`${pkg}/package.json`);
      const path = join(manifest, "..", "bin", exe);
      if (existsSync(path)) return path;
    } catch {
      // Not resolvable from there.
    }
  }
  return undefined;
}
