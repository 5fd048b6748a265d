import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { generateAll } from "../../scripts/emit/index.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const generatedDir = join(root, "generated");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

describe("generated/", async () => {
  const files = await generateAll(root);

  it("matches what the schema generates, byte for byte", () => {
    for (const [rel, text] of files) {
      expect(readFileSync(join(generatedDir, rel), "utf8"), rel).toBe(text);
    }
  });

  it("holds no file the generator does not write", () => {
    const onDisk = filesUnder(generatedDir).map((p) => relative(generatedDir, p));
    expect(onDisk.sort()).toEqual([...files.keys()].sort());
  });

  it("is deterministic: a second run produces the same bytes", async () => {
    const again = await generateAll(root);
    expect([...again.entries()]).toEqual([...files.entries()]);
  });

  it("opens every code file with a provenance header naming the schema hash", () => {
    const hash = JSON.parse(files.get("openapi.json") ?? "{}").info["x-schema-hash"];
    expect(hash).toMatch(/^[0-9a-f]{40}$/);
    for (const [rel, text] of files) {
      if (rel.startsWith("dev-")) continue; // compiled from a contract, not the schema: below
      if (rel.endsWith(".json")) expect(text, rel).toContain(hash);
      else
        expect(text.split("\n").slice(0, 3).join("\n"), rel).toContain(
          `Schema hash (webrpc, SHA-1): ${hash}`,
        );
    }
  });

  it.each([
    ["dev-token.ts", "DevToken"],
    ["dev-filler.ts", "DevFiller"],
  ])("opens %s with a header naming its source, compiler and source hash", (file, name) => {
    const head = (files.get(file) ?? "").split("\n").slice(0, 4).join("\n");
    expect(head).toContain(`from scripts/contracts/${name}.sol. DO NOT EDIT.`);
    expect(head).toContain("solc-js 0.8.28+");
    expect(head).toContain("@openzeppelin/contracts 5.7.0");
    expect(head).toMatch(/Source hash \(SHA-256\): [0-9a-f]{64}/);
  });
});
