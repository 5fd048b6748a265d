/**
 * A file replaced whole, durably: the new content goes to a temporary file beside it, is synced,
 * then renamed over the old one, and the folder is synced so that the rename itself survives a
 * crash. A reader sees the old file or the new one, never a part. For the wallet's file store and
 * the dev server's state file, both Node only.
 */
import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/** How the file is written. */
export interface DurableWriteOptions {
  /** Permissions of a new file; default readable and writable by its owner only. */
  readonly mode?: number;
  /**
   * The temporary file: a fixed name for a writer that holds a lock and removes a leftover at
   * start; default a random name beside `target`, for writers that may race.
   */
  readonly temp?: string;
}

/**
 * Replaces the file `target` with `data`. On a failed write (a full disk) the file stays as it
 * was and the temporary file is removed before the error is thrown.
 */
export function writeFileDurably(
  target: string,
  data: Uint8Array,
  {
    mode = 0o600,
    temp = `${target}.${randomBytes(6).toString("hex")}.tmp`,
  }: DurableWriteOptions = {},
): void {
  // A leftover of the same name goes first: created anew, the file takes `mode`, not the old one's.
  rmSync(temp, { force: true });
  const fd = openSync(temp, "wx", mode);
  try {
    for (let done = 0; done < data.byteLength; )
      done += writeSync(fd, data, done, data.byteLength - done);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw e;
  }
  closeSync(fd);
  renameSync(temp, target);
  syncFolderOf(target);
}

/** Syncs the folder holding `path`, which makes a rename or a new file there durable. */
export function syncFolderOf(path: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dirname(path), "r");
    fsyncSync(fd);
  } catch {
    // Windows cannot open a folder; a rename there is durable once it returns.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
