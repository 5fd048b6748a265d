/**
 * What a dev server keeps its state journal in (`DevServerOptions.state`): the file of
 * `serve --state` or any storage of the caller's (`startDevServer({ state })`).
 */

/** Where a dev server keeps its state journal: an append-only list of lines. */
export interface StateStorage {
  /** Every complete line kept so far, oldest first (read once, at start). */
  load(): readonly string[];
  /**
   * Appends `line` (which holds no newline); returns once it would survive a crash. Throws when
   * it cannot, leaving what it kept as it was (the change is then not made, and the caller told).
   */
  append(line: string): void;
  /** Replaces every line with `lines`, atomically: after a crash, either all old or all new. */
  replace(lines: readonly string[]): void;
  /** Bytes kept (to decide when to compact). */
  readonly size: number;
  /**
   * Keeps `lines` (damaged ones a repair leaves out of the journal) somewhere durable, before
   * the journal is rewritten without them; answers where (a file's path). Without it, a storage
   * cannot be repaired.
   */
  setAside?(lines: readonly string[]): string;
}
