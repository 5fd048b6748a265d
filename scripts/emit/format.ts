/**
 * Generated code is written formatted, so that it can be read and diffed: every `.ts` and `.js`
 * file of `generated/` goes through the repository's own formatter (Biome, with the settings of
 * `biome.json`) before it is written or compared. ajv's standalone output is one line per module
 * otherwise, and the emitters' import lists one line each.
 *
 * Biome's platform binary is run directly, the way its npm launcher (`bin/biome`) finds it: the
 * launcher is a Node process of its own that also runs `ldd --version` on Linux, and cost about
 * ten times the formatting itself, once per generated file.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

/**
 * How to run Biome: `BIOME_BINARY`, else the platform package's binary that npm installed
 * (glibc or musl: only the matching one is installed), else the npm launcher under Node.
 */
function biomeCommand(): { file: string; args: string[] } {
  if (process.env.BIOME_BINARY) return { file: process.env.BIOME_BINARY, args: [] };
  const exe = process.platform === "win32" ? "biome.exe" : "biome";
  for (const libc of ["", "-musl"]) {
    try {
      const file = require.resolve(
        `@biomejs/cli-${process.platform}-${process.arch}${libc}/${exe}`,
      );
      return { file, args: [] };
    } catch {
      // Not this platform's package: the next candidate.
    }
  }
  return { file: process.execPath, args: [require.resolve("@biomejs/biome/bin/biome")] };
}

const biome = biomeCommand();

/** This repository, whose `biome.json` applies whatever directory is being generated into. */
const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** Whether a file of `generated/` is code that Biome formats. */
export const isFormattedCode = (path: string) => /\.(ts|js)$/.test(path);

/**
 * `code` formatted as Biome formats a file of that extension (`kind`: `"ts"`, `"js"` or `"d.ts"`).
 * Throws when Biome cannot parse it, which is a bug of the emitter that wrote it.
 */
export function formatCode(code: string, kind: "ts" | "js" | "d.ts"): string {
  const result = spawnSync(
    biome.file,
    [...biome.args, "format", `--stdin-file-path=generated-code.${kind}`],
    { cwd: repoRoot, input: code, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0 || result.stdout === "") {
    throw new Error(`biome could not format generated ${kind} code:\n${result.stderr}`);
  }
  return result.stdout;
}
