/**
 * Global set-up of the system tier: the package packed once per run, as npm publishes it
 * (`npm pack --ignore-scripts`, about 1.6 s), and unpacked into a temporary folder that the tests
 * of the published spec read through `packedPath` (`test/kit/package/packed.ts`), so that what
 * they prove holds for the files a team in another language downloads. Removed after the run.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { PACKED_DIR_KEY } from "../package/packed.js";
import { ROOT } from "../runtimes/harness.js";

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), "xchain-packed-"));
  const out = execFileSync(
    "npm",
    ["pack", "--json", "--ignore-scripts", "--pack-destination", dir],
    { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  const [packed] = JSON.parse(out) as { filename: string }[];
  if (!packed) throw new Error(`npm pack wrote no tarball: ${out}`);
  execFileSync("tar", ["-xzf", join(dir, packed.filename), "-C", dir]);
  project.provide(PACKED_DIR_KEY, join(dir, "package"));
  return () => rmSync(dir, { recursive: true, force: true });
}
