import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeFileDurably } from "../../../src/internal/durable-write.js";
import { tempDirs } from "../../kit/temp-dirs.js";

const fresh = tempDirs("durable-write-");
const bytes = (text: string) => Buffer.from(text, "utf8");

describe("writeFileDurably", () => {
  it("replaces the file whole, readable by its owner only, and leaves no temporary file", () => {
    const dir = fresh();
    const target = join(dir, "record.json");
    writeFileSync(target, "old");
    writeFileDurably(target, bytes("new\n"));
    expect(readFileSync(target, "utf8")).toBe("new\n");
    if (process.platform !== "win32") expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(["record.json"]);
  });

  it("writes through the fixed temporary name it is given, overwriting a leftover", () => {
    const dir = fresh();
    const target = join(dir, "state.jsonl");
    writeFileSync(`${target}.tmp`, "half-written");
    writeFileDurably(target, bytes("whole\n"), { temp: `${target}.tmp`, mode: 0o640 });
    expect(readFileSync(target, "utf8")).toBe("whole\n");
    if (process.platform !== "win32") expect(statSync(target).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir)).toEqual(["state.jsonl"]);
  });

  it("throws where the folder is missing, and creates nothing", () => {
    const dir = fresh();
    expect(() => writeFileDurably(join(dir, "gone", "x.json"), bytes("x"))).toThrow(/ENOENT/);
    expect(readdirSync(dir)).toEqual([]);
  });
});
