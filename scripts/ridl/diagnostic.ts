/**
 * Schema errors as a compiler prints them: `schema/service.ridl:107:42: error: <reason>`, one
 * line, the column at the start of the offending token. (`npm run ridl` keeps webrpc's own
 * wording and positions; this form is for `npm run generate` and the spec tools.)
 */
import { isAbsolute, relative } from "node:path";
import { RidlError } from "./errors.js";

const shown = (file: string) => {
  if (!isAbsolute(file)) return file;
  const rel = relative(process.cwd(), file);
  return rel.startsWith("..") ? file : rel;
};

/** The one-line diagnostic for a RIDL error; `file` names the file when the error does not. */
export function formatDiagnostic(err: RidlError, file: string): string {
  const at = err.position;
  const where = at
    ? `${shown(at.file ?? err.file ?? file)}:${at.line}:${at.col}`
    : shown(err.file ?? file);
  return `${where}: error: ${err.reason.split("\n")[0]}`;
}

/** Prints a RIDL error as a diagnostic on stderr; `false` when `err` is not one. */
export function printSchemaError(err: unknown, file: string): boolean {
  if (!(err instanceof RidlError)) return false;
  process.stderr.write(`${formatDiagnostic(err, file)}\n`);
  return true;
}
