/**
 * `xchain-intents demo | head -1`: the reader closes the pipe after the first lines, and the
 * command must stop quietly (exit 0, nothing on stderr) instead of dying on an unhandled EPIPE.
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../kit/runtimes/harness.js";

describe("xchain-intents demo into a pipe that closes early", () => {
  it("exits 0 with nothing on stderr", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli.ts", "demo"], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (b: Buffer) => {
      stderr += b.toString();
    });
    let first = "";
    child.stdout.once("data", (b: Buffer) => {
      first = b.toString();
      child.stdout.destroy(); // what `head` does once it has its lines
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(first).toContain("xchain-intents demo");
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });
});
