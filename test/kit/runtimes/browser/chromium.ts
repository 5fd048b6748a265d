/**
 * Debian's Chromium for the browser tests (`apt-get install chromium`; `.ci/run` installs it):
 * where it is, how it is launched, and the one visible line a machine without it prints.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

/** The browser binary (`CHROMIUM_PATH` overrides). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Flags for a quiet headless run on a shared machine. */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-gpu",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * Launches the browser headless, with the flags for a quiet run and `extraArgs` (a host resolver
 * rule that gives a page an origin of another name); the caller closes it.
 */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    headless: true,
  });
}

/**
 * Whether the browser test `file` (`what` it is) can run. Outside CI a machine without Chromium
 * skips it, saying so in one visible line so that a skip is not mistaken for a pass; in CI a
 * missing browser is a failure (the test runs and its launch fails).
 */
export function chromiumPresent(what: string, file: string): boolean {
  const present = existsSync(CHROMIUM) || process.env.CI === "true";
  if (!present)
    console.warn(
      `skipped: ${what} needs a browser at ${CHROMIUM}; install it ` +
        "(apt-get install chromium) or set CHROMIUM_PATH=/path/to/chrome, and run it with " +
        `npx vitest run ${file}`,
    );
  return present;
}
