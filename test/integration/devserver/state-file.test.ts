/**
 * The state file on disk: appended lines are in the file when `append` returns, an incomplete
 * last line (a crash in the middle of an append) is cut when the file is opened, `replace` leaves
 * either the old or the new file, and a file that is not a state file is refused, untouched.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { completeLines, openStateFile } from "../../../src/devserver/state/state-file.js";
import { startServer } from "../../kit/server.js";

const dir = mkdtempSync(join(tmpdir(), "xchain-state-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(dir, `state-${++n}.jsonl`);
/** The first line of every state file. */
const H = '{"xchainIntentsState":1}';

describe("the state file", () => {
  it("splits complete lines and measures the part they cover", () => {
    expect(completeLines(Buffer.from(""))).toEqual({ lines: [], bytes: 0 });
    expect(completeLines(Buffer.from("a\nb\n"))).toEqual({ lines: ["a", "b"], bytes: 4 });
    expect(completeLines(Buffer.from('a\nb\n{"t":'))).toEqual({ lines: ["a", "b"], bytes: 4 });
    expect(completeLines(Buffer.from("no newline"))).toEqual({ lines: [], bytes: 0 });
  });

  it("has each appended line on disk when append returns, and cuts an incomplete last line", () => {
    const path = fresh();
    const f = openStateFile(path);
    f.replace([H]);
    f.append("one");
    f.append("two");
    expect(readFileSync(path, "utf8")).toBe(`${H}\none\ntwo\n`);
    if (process.platform !== "win32") expect(statSync(path).mode & 0o777).toBe(0o600);
    f.close();
    writeFileSync(path, '{"t":"quo', { flag: "a" });
    const g = openStateFile(path);
    expect(g.load()).toEqual([H, "one", "two"]);
    expect(readFileSync(path, "utf8")).toBe(`${H}\none\ntwo\n`);
    g.append("three");
    expect(readFileSync(path, "utf8")).toBe(`${H}\none\ntwo\nthree\n`);
    expect(g.size).toBe(H.length + 15);
    g.close();
    g.close();
  });

  it("replaces the whole file through a temporary one, and removes a temporary one left by a crash", () => {
    const path = fresh();
    writeFileSync(`${path}.tmp`, "half-written snapshot");
    const f = openStateFile(path);
    expect(existsSync(`${path}.tmp`)).toBe(false);
    f.append("old");
    f.replace(["new 1", "new 2"]);
    f.append("after");
    expect(readFileSync(path, "utf8")).toBe("new 1\nnew 2\nafter\n");
    if (process.platform !== "win32") expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(existsSync(`${path}.tmp`)).toBe(false);
    f.close();
  });

  it("is refused when it is not a state file, and left as it was", async () => {
    const path = fresh();
    const text = '{\n  "name": "my-app",\n  "version": "1.0.0"\n}\n';
    writeFileSync(path, text);
    await expect(startServer({ port: 0, stateFile: path })).rejects.toThrow(
      `the state file ${path} cannot be read: it does not start as an xchain-intents state file does (it starts "{\\n  \\"name\\": \\"my-app\\",\\n  "…); it was left unchanged: give another path, or move it away to start afresh`,
    );
    expect(readFileSync(path, "utf8")).toBe(text);
    await expect(startServer({ port: 0, stateFile: dir })).rejects.toThrow(
      `the state file ${dir} cannot be read: it does not start as an xchain-intents state file does (it is not a regular file)`,
    );
  });

  it("is not left behind by a start that fails (port in use); a file that existed is kept", async () => {
    const taken = await startServer({ port: 0 });
    const port = Number(new URL(taken.url).port);
    try {
      const path = fresh();
      await expect(startServer({ port, stateFile: path })).rejects.toThrow(
        `port ${port} on 127.0.0.1 is already in use (EADDRINUSE): stop what listens there, or pick another port (--port N; --port 0 or startDevServer({ port: 0 }) picks a free one)`,
      );
      expect(existsSync(path)).toBe(false);
      const kept = fresh();
      const first = await startServer({ port: 0, stateFile: kept });
      await first.close();
      const before = readFileSync(kept, "utf8");
      await expect(startServer({ port, stateFile: kept })).rejects.toThrow("EADDRINUSE");
      expect(readFileSync(kept, "utf8")).toBe(before);
    } finally {
      await taken.close();
    }
  });

  it("keeps intents across startDevServer runs", async () => {
    const path = fresh();
    const a = await startServer({ port: 0, stateFile: path });
    expect(a.restored).toEqual({ intents: 0, skipped: 0, keysFromState: false, resumed: 0 });
    await a.close();
    const b = await startServer({ port: 0, stateFile: path });
    expect(b.accessKey).toBe(a.accessKey);
    expect(b.restored?.keysFromState).toBe(true);
    await b.close();
    await b.close();
  });
});
