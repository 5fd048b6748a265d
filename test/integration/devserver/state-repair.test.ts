/**
 * A state file with a damaged line before the last: refused without a repair (the message names
 * the file, the line and `--repair`, and the file is left as it was); with `repairState`, every
 * valid record comes back and the damaged lines are in a file beside it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { call, executed, quote } from "../../kit/devserver/helpers.js";
import { startServer } from "../../kit/server.js";

const dir = mkdtempSync(join(tmpdir(), "xchain-repair-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DAMAGED = ['{"t":"commit","id":"0x', "\u0000\u0000\u0000garbage"];

describe("repairing a state file", () => {
  it("refuses a damaged middle line without --repair; with it, keeps every valid record and sets the damaged lines aside", async () => {
    const path = join(dir, "state.jsonl");
    const first = await startServer({ port: 0, stateFile: path });
    const quotedOnly = (await quote(first)).intent.intentId;
    const committed = (await quote(first)).intent;
    expect((await call(first, "CommitIntent", { intent: committed })).status).toBe(200);
    const done = await executed(first);
    const key = first.accessKey;
    await first.close();

    // Damage two lines in the middle: one cut short, one overwritten.
    const lines = readFileSync(path, "utf8").split("\n");
    lines.splice(3, 0, DAMAGED[0] as string);
    lines.splice(6, 0, DAMAGED[1] as string);
    const damaged = lines.join("\n");
    writeFileSync(path, damaged);

    await expect(startServer({ port: 0, stateFile: path })).rejects.toThrow(
      `the state file ${path} cannot be read: line 4 is not JSON; start with --repair`,
    );
    expect(readFileSync(path, "utf8")).toBe(damaged);

    const repaired = await startServer({ port: 0, stateFile: path, repairState: true });
    try {
      const aside = repaired.restored?.setAside;
      expect(aside?.lines).toEqual([4, 7]);
      expect(aside?.file).toMatch(/state\.jsonl\.damaged-[0-9TZ-]+\.jsonl$/);
      const file = aside?.file as string;
      expect(readFileSync(file, "utf8")).toBe(`${DAMAGED.join("\n")}\n`);
      if (process.platform !== "win32") expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(repaired.accessKey).toBe(key);
      expect(repaired.restored?.intents).toBe(3);
      const status = async (intentId: string) => {
        const a = await call(repaired, "GetIntent", { intentId });
        expect(a.status, a.text).toBe(200);
        return (a.body as { intent: { status: string } }).intent.status;
      };
      expect(await status(quotedOnly)).toBe("QUOTED");
      expect(await status(committed.intentId)).toBe("COMMITTED");
      expect(["EXECUTING", "SUCCEEDED"]).toContain(await status(done));
      expect(readFileSync(path, "utf8")).not.toContain("garbage");
    } finally {
      await repaired.close();
    }
    // The repaired file starts as it is, with no repair and nothing more set aside.
    const again = await startServer({ port: 0, stateFile: path });
    expect(again.restored).toEqual({ intents: 3, skipped: 0, keysFromState: true, resumed: 0 });
    await again.close();
    expect(readdirSync(dir).filter((f) => f.includes(".damaged-"))).toHaveLength(1);
  });
});
