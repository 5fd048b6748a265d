/** The small schema of `test/fixtures/emit/mini.json`, and its validators built and loaded. */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Validator } from "../../../generated/validators.js";
import { buildValidators } from "../../../scripts/emit/validators.js";
import type { Schema } from "../../../scripts/ridl/schema.js";
import { repoPath } from "../runtimes/harness.js";

/** The parsed mini schema (structs, lists, maps and an alias of bigints). */
export const mini: Schema = JSON.parse(
  readFileSync(repoPath("test/fixtures/emit/mini.json"), "utf8"),
);

/** Validators of `GetIntentResponse` and `Deep`, written to a temp file and imported. */
export async function loadMiniValidators(): Promise<Record<string, Validator>> {
  const { js } = buildValidators(mini, ["GetIntentResponse", "Deep"], "// test\n");
  const file = join(mkdtempSync(join(tmpdir(), "validators-")), "validators.mjs");
  writeFileSync(file, js);
  return import(pathToFileURL(file).href);
}
