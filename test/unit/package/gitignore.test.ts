/**
 * Files the README and the docs tell people to create that hold a secret are ignored by git: every
 * state file their commands pass to `--state` (it holds the access key), and its temporary twin.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repoPath } from "../../kit/runtimes/harness.js";

describe(".gitignore", () => {
  it("lists every state file the commands of the README and the docs write", () => {
    const readme = ["README.md", "docs/dev-server.md"]
      .map((f) => readFileSync(repoPath(f), "utf8"))
      .join("\n");
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
