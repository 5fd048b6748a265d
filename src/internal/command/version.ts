/**
 * The package's version, read from its `package.json`: the command runs from
 * `src/internal/command/` in a clone and from the bundled `dist/cli.js` once built or installed, so
 * the file is looked for one and three levels up, and only ours (by name) is taken.
 */
import { readFileSync } from "node:fs";

const PACKAGE_NAME = "xchain-intents";

/** The version of this package (`0.1.0`), or `unknown` when its `package.json` cannot be read. */
export function packageVersion(): string {
  for (const path of ["../package.json", "../../../package.json"]) {
    try {
      const text = readFileSync(new URL(path, import.meta.url), "utf8");
      const pkg = JSON.parse(text) as { name?: unknown; version?: unknown };
      if (pkg.name === PACKAGE_NAME && typeof pkg.version === "string") return pkg.version;
    } catch {
      // Not there (or not JSON): try the next level.
    }
  }
  return "unknown";
}
