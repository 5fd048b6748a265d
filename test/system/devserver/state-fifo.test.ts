/**
 * A FIFO given as the state file (made with `mkfifo`, hence the system tier) is refused at once,
 * as not a regular file, without waiting for a writer and without being replaced.
 */
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startServer } from "../../kit/server.js";
import { tempDirs } from "../../kit/temp-dirs.js";

const tempDir = tempDirs("xchain-fifo-");

describe("a FIFO as the state file", () => {
  it("is refused without blocking, and left a FIFO", async () => {
    const path = join(tempDir(), "state.fifo");
    execFileSync("mkfifo", [path]);
    await expect(startServer({ port: 0, stateFile: path })).rejects.toThrow(
      "does not start as an xchain-intents state file does (it is not a regular file); it was left unchanged",
    );
    expect(lstatSync(path).isFIFO()).toBe(true);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });
});
