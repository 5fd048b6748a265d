/**
 * Files the README tells people to create that hold a secret are ignored by git: every state
 * file a README command passes to `--state` (it holds the access key), and its temporary twin.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repoPath } from "../runtimes/harness.js";

describe(".gitignore", () => {
  it("lists every state file the README's commands write", () => {
    const readme = readFileSync(repoPath("README.md"), "utf8");
    const ignored = readFileSync(repoPath(".gitignore"), "utf8")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l !== "" && !l.startsWith("#"));
    const files = [...readme.matchAll(/--state[ =]([^\s`|]+)/g)]
      .map((m) => m[1] as string)
      .filter((f) => f !== "FILE");
    expect(files).toContain(".dev-state.jsonl");
    for (const f of files) {
      expect(ignored, f).toContain(f);
      expect(ignored, `${f}.tmp`).toContain(`${f}.tmp`);
    }
  });
});
