/**
 * Our RIDL front end: parses webrpc's IDL into webrpc's JSON schema, byte-compatible with
 * webrpc v0.44's parser (see README.md in this folder for the deliberate differences).
 */
import { readFileSync } from "node:fs";
import { Loader, type ReadFile } from "./loader.js";
import type { Schema } from "./schema.js";

export { RidlError } from "./errors.js";
export { schemaHash, schemaToJson, withGenDefaults } from "./json.js";
export type * from "./schema.js";

const readUtf8: ReadFile = (absPath) => readFileSync(absPath, "utf8");

/**
 * Parses `source` as the file at `path` (used for resolving imports and in messages), reads
 * imported files through `readFile` (given absolute paths; default: the filesystem), and
 * validates the result. Throws {@link RidlError}.
 */
export function parseRidl(source: string, path: string, readFile: ReadFile = readUtf8): Schema {
  return new Loader(readFile).parseRoot(source, path);
}

/** Reads and parses the RIDL file at `path`, resolving imports from the filesystem. */
export function parseRidlFile(path: string): Schema {
  const loader = new Loader(readUtf8);
  const source = loader.readDisplay(path);
  return loader.parseRoot(source, path);
}
