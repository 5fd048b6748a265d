/**
 * Files and imports: reading, per-path caching (a diamond import is parsed once), cycle
 * detection, and the `stack trace:` wrapping of errors raised inside imported files.
 *
 * Paths are POSIX paths as the user gave them: an import resolves to
 * `join(dirname(importer), importPath)` (an absolute import path is still relative to the
 * importer's directory), and messages print these paths, not absolute ones.
 */
import path from "node:path";
import { buildSchema } from "./build.js";
import { RidlError } from "./errors.js";
import { goQuote } from "./go-quote.js";
import { parseSource } from "./parser.js";
import type { Schema } from "./schema.js";
import { decodeGoUtf8 } from "./utf8.js";
import { validateSchema } from "./validate.js";

/**
 * Reads a file given its absolute path: its bytes (decoded as Go does, see utf8.ts) or text
 * already decoded. Node `fs` errors are reported like Go's.
 */
export type ReadFile = (absPath: string) => string | Uint8Array;

/** Source text as webrpc's lexer sees it. */
export const sourceText = (source: string | Uint8Array): string =>
  typeof source === "string" ? source : decodeGoUtf8(source);

/** An error raised inside an imported file, already carrying its stack trace. */
class ImportError extends RidlError {}

const FS_REASONS: Readonly<Record<string, string>> = {
  ENOENT: "no such file or directory",
  EACCES: "permission denied",
  ENOTDIR: "not a directory",
  ELOOP: "too many levels of symbolic links",
};

/** Shared state of one parse: the reader and the cache of finished schemas. */
export class Loader {
  private readonly cache = new Map<string, Schema>();

  constructor(private readonly read: ReadFile) {}

  /** Parses the root file `file` whose text is `source` (already read). */
  parseRoot(source: string | Uint8Array, file: string): Schema {
    const display = path.posix.normalize(file);
    return this.parse(sourceText(source), display, [display]);
  }

  /** Reads a file; failures become `failed to read file: open <path>: <reason>`. */
  readDisplay(display: string): string {
    try {
      return sourceText(this.read(path.resolve(display)));
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (code === "EISDIR")
        throw new RidlError(`failed to read file: read ${display}: is a directory`);
      const reason = typeof code === "string" ? FS_REASONS[code] : undefined;
      const text = reason ?? (err instanceof Error ? err.message : String(err));
      throw new RidlError(`failed to read file: open ${display}: ${text}`);
    }
  }

  /** `chain` is the list of files being parsed, root first, ending with `display`. */
  private parse(source: string, display: string, chain: readonly string[]): Schema {
    try {
      return this.parseFile(source, display, chain);
    } catch (err) {
      // Errors raised in this file (not in one it imports) learn which file they are in.
      if (err instanceof RidlError && !(err instanceof ImportError) && err.file === undefined) {
        err.file = display;
        if (err.position) err.position.file ??= display;
      }
      throw err;
    }
  }

  private parseFile(source: string, display: string, chain: readonly string[]): Schema {
    const file = parseSource(source);
    const schema = buildSchema(file, (node) => {
      const target = path.posix.join(path.posix.dirname(display), node.path);
      const cached = this.cache.get(target);
      if (cached !== undefined) return cached;
      if (chain.includes(target)) {
        throw new RidlError(
          `circular import ${goQuote(path.posix.basename(target))} in file ${goQuote(display)}`,
        );
      }
      const childChain = [...chain, target];
      try {
        const child = this.parse(this.readDisplay(target), target, childChain);
        this.cache.set(target, child);
        return child;
      } catch (err) {
        if (err instanceof ImportError || !(err instanceof RidlError)) throw err;
        const stack = [...childChain].reverse().map((p) => `  - ${p}`);
        const wrapped = new ImportError(`${err.message}\nstack trace:\n${stack.join("\n")}`);
        wrapped.file = err.file ?? target;
        if (err.position) wrapped.position = { ...err.position, file: err.position.file ?? target };
        wrapped.bareReason = err.reason;
        throw wrapped;
      }
    });
    validateSchema(schema);
    return schema;
  }
}
