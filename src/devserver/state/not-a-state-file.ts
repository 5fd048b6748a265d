/**
 * The refusal of a `--state` path that holds something else: a one-line message saying what was
 * found there and that it was left as it was (nothing is written or cut before this check).
 */

/** The file given as the state file is not one; it was not changed. */
export class NotAStateFileError extends Error {
  override readonly name = "NotAStateFileError";
  constructor(
    readonly path: string,
    found: string,
  ) {
    super(
      `the state file ${path} cannot be read: it does not start as an xchain-intents state file does (${found}); it was left unchanged: give another path, or move it away to start afresh`,
    );
  }
}

/** How many of the first characters a refusal shows. */
const SHOWN = 24;

/** A short, one-line description of a file's first bytes: a version it names, or an excerpt. */
function describe(text: Buffer): string {
  const head = text.subarray(0, 256).toString("utf8");
  const version = /^\{"xchainIntentsState":(\d{1,9})\}\r?\n/.exec(head);
  if (version !== null) return `a state file of version ${version[1]}, this server reads version 1`;
  if (text.subarray(0, 512).includes(0)) return "binary content";
  const shown = head.slice(0, SHOWN);
  // JSON escapes newlines and control characters, so the message stays on one line.
  return `it starts ${JSON.stringify(shown)}${head.length > SHOWN ? "…" : ""}`;
}

/** The refusal of `path`: `found` says what is there (a description, or the file's bytes). */
export function notAStateFile(path: string, found: string | Buffer): NotAStateFileError {
  return new NotAStateFileError(path, typeof found === "string" ? found : describe(found));
}
