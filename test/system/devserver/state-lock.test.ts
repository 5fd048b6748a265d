/**
 * One server per state file: a second start on a file in use refuses, naming the file and the
 * process holding it, and the first keeps working; a lock left by a process that is gone is taken
 * over; the lock goes with `close()` and with a start that fails.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { quote } from "../../kit/devserver/helpers.js";
import { startServer } from "../../kit/server.js";

const dir = mkdtempSync(join(tmpdir(), "xchain-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(dir, `state-${++n}.jsonl`);

/** The id of a process that has ended (checked: signalling it fails with ESRCH). */
function deadPid(): number {
  const pid = spawnSync(process.execPath, ["-e", ""]).pid;
  expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: "ESRCH" }));
  return pid;
}

describe("the state file's lock", () => {
  it("refuses a second server on the same file, naming the file and the holder; the first keeps working", async () => {
    const path = fresh();
    const first = await startServer({ port: 0, stateFile: path });
    try {
      expect(readFileSync(`${path}.lock`, "utf8")).toBe(`${process.pid}\n`);
      const before = readFileSync(path, "utf8");
      await expect(startServer({ port: 0, stateFile: path })).rejects.toThrow(
        `the state file ${path} is in use by process ${process.pid} (lock ${path}.lock)`,
      );
      // The refused start touched neither the file nor the lock.
      expect(readFileSync(path, "utf8")).toBe(before);
      expect(readFileSync(`${path}.lock`, "utf8")).toBe(`${process.pid}\n`);
      const { intent } = await quote(first);
      expect(readFileSync(path, "utf8")).toContain(intent.intentId);
    } finally {
      await first.close();
    }
    expect(existsSync(`${path}.lock`)).toBe(false);
    // After close, the file can be opened again, with what the first server kept.
    const again = await startServer({ port: 0, stateFile: path });
    expect(again.restored?.intents).toBe(1);
    await again.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it("takes over a lock whose process is gone, and one that is not a lock this code wrote", async () => {
    for (const left of [`${deadPid()}\n`, "", "not a pid\n"]) {
      const path = fresh();
      writeFileSync(`${path}.lock`, left);
      const srv = await startServer({ port: 0, stateFile: path });
      expect(readFileSync(`${path}.lock`, "utf8"), JSON.stringify(left)).toBe(`${process.pid}\n`);
      await srv.close();
      expect(existsSync(`${path}.lock`)).toBe(false);
    }
  });

  it("refuses while another live process holds the lock, and leaves its lock alone", async () => {
    // Process 1 always lives (signalling it may be refused: EPERM still means alive).
    const path = fresh();
    writeFileSync(`${path}.lock`, "1\n");
    await expect(startServer({ port: 0, stateFile: path })).rejects.toThrow(
      `the state file ${path} is in use by process 1 (lock ${path}.lock)`,
    );
    expect(readFileSync(`${path}.lock`, "utf8")).toBe("1\n");
    expect(existsSync(path)).toBe(false);
  });

  it("is removed by a start that fails (port in use, a file that is not a state file)", async () => {
    const taken = await startServer({ port: 0 });
    const port = Number(new URL(taken.url).port);
    try {
      const path = fresh();
      await expect(startServer({ port, stateFile: path })).rejects.toThrow("EADDRINUSE");
      expect(existsSync(`${path}.lock`)).toBe(false);
    } finally {
      await taken.close();
    }
    const other = fresh();
    writeFileSync(other, "hello\n");
    await expect(startServer({ port: 0, stateFile: other })).rejects.toThrow(
      "does not start as an xchain-intents state file does",
    );
    expect(existsSync(`${other}.lock`)).toBe(false);
    await expect(startServer({ port: 0, stateFile: dir })).rejects.toThrow(
      "(it is not a regular file)",
    );
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});
