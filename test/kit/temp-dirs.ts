/** Temporary directories of one test file, each new, all removed after the file's tests. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

/**
 * A maker of temporary directories named `prefix…` in the system's temporary folder; registers
 * an `afterAll` that removes every directory it made. Call it at the top of a test file:
 * `const tempDir = tempDirs("race-")`, then `tempDir()` in a test for a new, empty directory.
 */
export function tempDirs(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
