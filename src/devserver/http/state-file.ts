/**
 * A `StateStorage` in a local file (`serve --state FILE`, `startDevServer({ stateFile })`): lines
 * appended with one `write` and an `fsync` each, so that a line is on disk before the operation
 * that wrote it answers; replaced by writing a temporary file beside it, syncing it, renaming it
 * over the file and syncing the directory, so that a crash leaves either the old file or the new
 * one. A crash in the middle of an append leaves at most an incomplete last line: it is set aside
 * (cut off) when the file is opened. A file that does not look like a state file is refused
 * rather than overwritten.
 */
import {
  closeSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";
import type { StateStorage } from "../intents/index.js";

/** The complete lines of `text`, and the length of the part they cover (an incomplete tail is cut). */
export function completeLines(text: Buffer): { lines: string[]; bytes: number } {
  const end = text.lastIndexOf(0x0a) + 1;
  const body = text.subarray(0, end).toString("utf8");
  const lines = body === "" ? [] : body.slice(0, -1).split("\n");
  return { lines, bytes: end };
}

/** The file holds the access keys: created readable and writable by its owner only. */
const PRIVATE = 0o600;

function syncDirectory(path: string): void {
  // Makes a rename durable; not every platform lets a directory be opened (Windows does not).
  let fd: number | undefined;
  try {
    fd = openSync(dirname(path), "r");
    fsyncSync(fd);
  } catch {
    // Nothing more can be done there.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function writeAll(fd: number, data: Buffer): void {
  for (let done = 0; done < data.byteLength; )
    done += writeSync(fd, data, done, data.byteLength - done);
}

/** A file-backed state storage at `path` (created when missing). */
export class StateFile implements StateStorage {
  private fd: number;
  private bytes: number;
  private lines: string[];
  /** Whether opening created the file (it did not exist): `discard` then removes it. */
  private readonly created: boolean;

  constructor(readonly path: string) {
    rmSync(`${path}.tmp`, { force: true });
    let text: Buffer;
    let created = false;
    try {
      text = readFileSync(path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
      text = Buffer.alloc(0);
      created = true;
    }
    this.created = created;
    const { lines, bytes } = completeLines(text);
    this.lines = lines;
    this.bytes = bytes;
    this.fd = openSync(path, "a", PRIVATE);
    // An incomplete last line was never acknowledged: cut it so the next append starts clean.
    if (bytes < text.byteLength) {
      ftruncateSync(this.fd, bytes);
      fsyncSync(this.fd);
    }
  }

  get size(): number {
    return this.bytes;
  }

  load(): readonly string[] {
    const lines = this.lines;
    this.lines = [];
    return lines;
  }

  append(line: string): void {
    const data = Buffer.from(`${line}\n`, "utf8");
    writeAll(this.fd, data);
    fsyncSync(this.fd);
    this.bytes += data.byteLength;
  }

  replace(lines: readonly string[]): void {
    const tmp = `${this.path}.tmp`;
    const data = Buffer.from(lines.map((l) => `${l}\n`).join(""), "utf8");
    const fd = openSync(tmp, "w", PRIVATE);
    try {
      writeAll(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.path);
    syncDirectory(this.path);
    closeSync(this.fd);
    this.fd = openSync(this.path, "a", PRIVATE);
    this.bytes = data.byteLength;
  }

  /**
   * Closes the file after a start that failed (a port in use): a file this start created is
   * removed, so that a failed start leaves nothing behind; a file that existed is kept as it is.
   */
  discard(): void {
    this.close();
    if (this.created) rmSync(this.path, { force: true });
  }

  /** Closes the file (every line is already on disk); later calls do nothing. */
  close(): void {
    if (this.fd < 0) return;
    closeSync(this.fd);
    this.fd = -1;
  }
}

/** Opens the state file at `path`, with an error naming it when it cannot be used. */
export function openStateFile(path: string): StateFile {
  try {
    return new StateFile(path);
  } catch (e) {
    throw new Error(`the state file ${path} cannot be opened: ${(e as Error).message}`);
  }
}
