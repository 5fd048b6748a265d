/**
 * A mistake in the command line (an unknown command or option, a missing or malformed value): the
 * command prints the message and a pointer to `--help`, and exits with 2. Any other failure (a
 * port in use, an unreadable state file) exits with 1.
 */

/** Exit code of a command-line mistake. */
export const USAGE_EXIT = 2;

/** A command-line mistake; its message names the offending argument. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** Whether `e` is a command-line mistake (checked by name too, as for every error of the SDK). */
export function isUsageError(e: unknown): e is UsageError {
  return e instanceof UsageError || (e instanceof Error && e.name === "UsageError");
}
