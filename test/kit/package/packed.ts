/**
 * The package as npm publishes it: `npm pack` into a temporary folder, unpacked. Tests of the
 * published spec read its files from here, so that what they prove holds for the files a team in
 * another language downloads, not only for the work tree.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../runtimes/harness.js";

/** The unpacked package: `path` names one of its files; `remove` deletes the folder. */
export interface PackedPackage {
  dir: string;
  path(relative: string): string;
  remove(): void;
}

/** Packs the work tree (`npm pack --ignore-scripts`, about 2 s) and unpacks the tarball. */
export function unpackPackage(): PackedPackage {
  const dir = mkdtempSync(join(tmpdir(), "xchain-packed-"));
  const out = execFileSync(
    "npm",
    ["pack", "--json", "--ignore-scripts", "--pack-destination", dir],
    { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  const [packed] = JSON.parse(out) as { filename: string }[];
  if (!packed) throw new Error(`npm pack wrote no tarball: ${out}`);
  execFileSync("tar", ["-xzf", join(dir, packed.filename), "-C", dir]);
  const root = join(dir, "package");
  return {
    dir: root,
    path: (relative) => join(root, relative),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
