/** Where a command of the command line writes and what it reads (the process, or a test's own). */

/** Where a command writes and what it reads. */
export interface CliIO {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
  env: Readonly<Record<string, string | undefined>>;
}
