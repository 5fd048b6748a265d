/** Shared inputs of the RIDL test files: a minimal header and an in-memory file reader. */
import path from "node:path";
import { parseRidl, RidlError, type Schema } from "../../../scripts/ridl/index.js";

/** The three header lines every probe starts with; bodies therefore start on line 4. */
export const HEAD = "webrpc = v1\nname = t\nversion = v1\n";

/** A reader over in-memory files keyed by path relative to the working directory. */
export function memoryFiles(files: Record<string, string>): (absPath: string) => string {
  return (absPath) => {
    const text = files[path.relative(process.cwd(), absPath)];
    if (text === undefined) throw Object.assign(new Error("ENOENT"), { code: "ENOENT" });
    return text;
  };
}

/** Parses `HEAD + body` as `t.ridl` (no imports available). */
export function parseBody(body: string): Schema {
  return parseRidl(HEAD + body, "t.ridl", memoryFiles({}));
}

/** The RidlError message for `source` (full text, no header added); fails if it parses. */
export function errorOf(source: string, files: Record<string, string> = {}): string {
  try {
    parseRidl(source, "t.ridl", memoryFiles(files));
  } catch (err) {
    if (err instanceof RidlError) return err.message;
    throw err;
  }
  throw new Error("expected a RidlError");
}

/** The RidlError message for `HEAD + body`. */
export function bodyError(body: string): string {
  return errorOf(HEAD + body);
}
