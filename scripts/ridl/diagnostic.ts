/**
 * Schema errors as a compiler prints them: `schema/service.ridl:107:42: error: <reason>`, one
 * line, the column at the start of the offending token. (`npm run ridl` keeps webrpc's own
 * wording and positions; this form is for `npm run generate` and the spec tools.)
 */
import type { RidlError } from "./errors.js";

/** The one-line diagnostic for a RIDL error in `file`. */
export function formatDiagnostic(err: RidlError, file: string): string {
  const at = err.position;
  const where = at ? `${at.file ?? file}:${at.line}:${at.col}` : (err.file ?? file);
  return `${where}: error: ${err.reason.split("\n")[0]}`;
}

/** Prints a RIDL error as a diagnostic on stderr; `false` when `err` is not one. */
export function printSchemaError(err: unknown, file: string): boolean {
  if (!(err instanceof Error) || err.name !== "RidlError") return false;
  process.stderr.write(`${formatDiagnostic(err as RidlError, file)}\n`);
  return true;
}
