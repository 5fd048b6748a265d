/**
 * Our RIDL front end: parses webrpc's IDL into webrpc's JSON schema, byte-compatible with
 * webrpc v0.44's parser (see README.md in this folder for the deliberate differences).
 */
import { readFileSync } from "node:fs";
import { schemaToJson } from "./json.js";
import { Loader, type ReadFile } from "./loader.js";
import type { Schema } from "./schema.js";

export { RidlError } from "./errors.js";
export { schemaHash, schemaToJson, withGenDefaults } from "./json.js";
export type * from "./schema.js";

const readBytes: ReadFile = (absPath) => readFileSync(absPath);

/**
 * Parses `source` (text, or bytes decoded as Go decodes them) as the file at `path` (used for resolving imports and in messages), reads
 * imported files through `readFile` (given absolute paths; default: the filesystem), and
 * validates the result. Throws {@link RidlError}.
 */
export function parseRidl(
  source: string | Uint8Array,
  path: string,
  readFile: ReadFile = readBytes,
): Schema {
  return writable(new Loader(readFile).parseRoot(source, path));
}

/** Reads and parses the RIDL file at `path`, resolving imports from the filesystem. */
export function parseRidlFile(path: string): Schema {
  const loader = new Loader(readBytes);
  const source = loader.readDisplay(path);
  return writable(loader.parseRoot(source, path));
}

/** Fails, as webrpc does when it prints or hashes it, on a schema that has no JSON form. */
function writable(schema: Schema): Schema {
  schemaToJson(schema);
  return schema;
}
