/** Loads two schemas and compares them: what `spec:diff`, `generate` and the tests run. */
import { diffSchemas } from "./diff.js";
import { BASELINE_FILE, loadSchema, SCHEMA_FILE } from "./load.js";
import { type Verdict, verdictOf } from "./report.js";

/** What to compare. */
export interface CheckOptions {
  /** A `.ridl` path or a git revision; default: the baseline of the last release. */
  base?: string;
  /** A `.ridl` path or a git revision; default: `schema/service.ridl` as it is on disk. */
  head?: string;
  /** Fail also on changes that break new clients against old servers. */
  strictBoth?: boolean;
}

/** Compares `base` with `head`. Throws `RidlError` for a schema that does not parse. */
export function checkSchema(options: CheckOptions = {}): Verdict {
  const base = loadSchema(options.base ?? BASELINE_FILE);
  const head = loadSchema(options.head ?? SCHEMA_FILE);
  return verdictOf(
    { label: base.label, version: base.schema.version },
    { label: head.label, version: head.schema.version },
    diffSchemas(base.schema, head.schema),
    options.strictBoth,
  );
}
