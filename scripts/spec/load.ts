/**
 * Reads a schema to compare: a `.ridl` file on disk, or `schema/service.ridl` (and the files it
 * imports) as a git revision has it, read with `git show` (no network).
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { relative } from "node:path";
import { checkAnnotations } from "../ridl/annotations.js";
import { parseRidl, parseRidlFile, type Schema } from "../ridl/index.js";

/** The schema the project edits, relative to the repository root. */
export const SCHEMA_FILE = "schema/service.ridl";

/** The schema of the last release, kept in the repository (see docs/schema-changes.md). */
export const BASELINE_FILE = "schema/baseline/service.ridl";

/** Where a schema was read from, for messages. */
export interface Loaded {
  schema: Schema;
  label: string;
}

function gitShow(ref: string, file: string): string {
  return execFileSync("git", ["show", `${ref}:./${file}`], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 << 20,
  });
}

/**
 * Loads `spec`: a path to a `.ridl` file, or a git revision (`main`, `v0.1.0`, `HEAD~3`,
 * `abc123`), optionally as `rev:path/to/file.ridl`. Paths are relative to the current directory.
 * Throws `RidlError` for a schema that does not parse, `Error` for a revision git cannot show.
 */
export function loadSchema(spec: string, file = SCHEMA_FILE): Loaded {
  if (spec.endsWith(".ridl") && !spec.includes(":")) {
    if (!existsSync(spec)) throw new Error(`${spec}: no such file`);
    const schema = parseRidlFile(spec);
    checkAnnotations(schema);
    return { schema, label: spec };
  }
  // A revision is handed to git: never one that git would read as an option.
  if (spec === "" || spec.startsWith("-"))
    throw new Error(`not a git revision: ${JSON.stringify(spec)}`);
  const colon = spec.indexOf(":");
  const ref = colon > 0 ? spec.slice(0, colon) : spec;
  const path = colon > 0 ? spec.slice(colon + 1) : file;
  let source: string;
  try {
    source = gitShow(ref, path);
  } catch (err) {
    const detail = (err as { stderr?: string }).stderr?.trim().split("\n")[0] ?? String(err);
    throw new Error(`cannot read ${path} at ${ref}: ${detail}`);
  }
  const schema = parseRidl(source, path, (abs) => gitShow(ref, relative(process.cwd(), abs)));
  checkAnnotations(schema);
  return { schema, label: `${ref}:${path}` };
}
