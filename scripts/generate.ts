/**
 * Regenerates `generated/` from `schema/service.ridl`:
 *
 *   npm run generate          write every file
 *   npm run generate:check    regenerate in memory, fail with a diff when `generated/` is stale
 *   npm run generate -- --watch   write every file, then again at each save of the schema (a
 *                             package consuming the sources sees the change at once)
 *
 * `--root <dir>` works on another checkout's `schema/` and `generated/` (tests use a copy). A
 * schema error prints one line, `schema/service.ridl:LINE:COL: error: …`, and exits 1; an
 * argument it does not take (read by `node:util` `parseArgs`) prints the usage and exits 2.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, watch, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readArgs } from "../src/internal/command/args.js";
import { generateAll } from "./emit/index.js";
import { printSchemaError } from "./ridl/diagnostic.js";
import { schemaSummary } from "./spec/summary.js";

const USAGE = "usage: generate [--check | --watch] [--root DIR]\n";

/** The arguments (`node:util` `parseArgs`); a mistake prints it with the usage and exits 2. */
function readGenerateArgs(argv: readonly string[]): {
  check: boolean;
  watch: boolean;
  root: string | undefined;
} {
  const items = readArgs(argv, {
    check: { type: "boolean" },
    watch: { type: "boolean" },
    root: { type: "string" },
  });
  let check = false;
  let watching = false;
  let root: string | undefined;
  for (const item of items) {
    let problem: string | undefined;
    if (item.kind !== "option") problem = `unexpected argument ${JSON.stringify(item.arg)}`;
    else if (item.key === "check" || item.key === "watch") {
      if (item.inline) problem = `${item.name} takes no value`;
      if (item.key === "check") check = true;
      else watching = true;
    } else if (item.value === undefined || item.value === "" || item.value.startsWith("-"))
      problem = `${item.name} needs a value`;
    else root = item.value;
    if (problem === undefined && check && watching)
      problem = "--check and --watch exclude each other";
    if (problem !== undefined) {
      process.stderr.write(`generate: ${problem}\n${USAGE}`);
      process.exit(2);
    }
  }
  return { check, watch: watching, root };
}

const args = readGenerateArgs(process.argv.slice(2));
const root =
  args.root === undefined
    ? resolve(dirname(fileURLToPath(import.meta.url)), "..")
    : resolve(args.root);
const outDir = join(root, "generated");

function listFiles(dir: string): string[] {
  let out: string[] = [];
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    out = e.isDirectory() ? out.concat(listFiles(p)) : out.concat(p);
  }
  return out.sort();
}

function writeTree(dir: string, files: Map<string, string>): void {
  for (const [rel, text] of files) {
    const path = join(dir, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
}

/** Writes `files` into `generated/` (removing files no longer generated) and says so. */
function writeGenerated(files: Map<string, string>, started: number): void {
  const wanted = new Set([...files.keys()].map((rel) => join(outDir, rel)));
  for (const stale of listFiles(outDir)) if (!wanted.has(stale)) rmSync(stale);
  writeTree(outDir, files);
  const ms = Math.round(performance.now() - started);
  process.stdout.write(
    `wrote ${files.size} files to ${relative(process.cwd(), outDir) || "."} in ${ms} ms\n`,
  );
  process.stdout.write(`${schemaSummary(root)}\n`);
}

/**
 * `--watch`: generates now and after each change of `schema/` (changes within 100 ms are one),
 * until stopped. A schema error is printed and the previous output kept: the next save that
 * parses writes again.
 */
async function watchSchema(): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  const once = async () => {
    const started = performance.now();
    try {
      writeGenerated(await generateAll(root), started);
    } catch (err) {
      if (!printSchemaError(err, "schema/service.ridl")) process.stderr.write(`${String(err)}\n`);
    }
    process.stdout.write("watching schema/ for changes (Ctrl-C stops)\n");
  };
  await once();
  watch(join(root, "schema"), { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(once);
    }, 100);
  });
}

if (args.watch) {
  await watchSchema();
} else {
  await generateOnce();
}

async function generateOnce(): Promise<void> {
  const started = performance.now();
  let files: Map<string, string>;
  try {
    files = await generateAll(root);
  } catch (err) {
    // A schema error is the user's to fix: one compiler-style line, no stack trace.
    if (!printSchemaError(err, "schema/service.ridl")) throw err;
    process.exit(1);
  }
  const check = args.check;

  if (check) {
    const tmp = mkdtempSync(join(tmpdir(), "xchain-generated-"));
    try {
      writeTree(tmp, files);
      const diff = spawnSync("diff", ["-ruN", outDir, tmp], { encoding: "utf8" });
      if (diff.status !== 0) {
        process.stderr.write(`${diff.stdout}${diff.stderr}`);
        process.stderr.write(
          "\ngenerated/ is stale: run `npm run generate` and commit the result.\n",
        );
        process.exit(1);
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    process.stdout.write(`generated/ is up to date (${files.size} files).\n`);
  } else writeGenerated(files, started);
}
