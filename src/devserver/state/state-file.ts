/**
 * A `StateStorage` in a local file (`serve --state FILE`, `startDevServer({ stateFile })`): lines
 * appended with one `write` and an `fsync` each, so that a line is on disk before the operation
 * that wrote it answers; replaced by writing a temporary file beside it, syncing it, renaming it
 * over the file and syncing the directory, so that a crash leaves either the old file or the new
 * one. A crash in the middle of an append leaves at most an incomplete last line: it is set aside
 * (cut off) when the file is opened. An append that fails (a short write, `ENOSPC`, `EFBIG`, a
 * failed `fsync`) is cut back to the last good length before it throws, so the file stays a valid
 * journal and the next append starts clean; when even that fails, the file takes no more appends.
 *
 * Nothing is written, cut or created beside the file before its first bytes are checked: only a
 * missing or empty file becomes a new state file; anything else that does not start with the
 * journal's header (another program's file, a state file of another version, a symbolic link, a
 * directory, a FIFO) is refused byte for byte unchanged.
 *
 * One server per file: opening takes a lock, `FILE.lock`, holding the process id, created only
 * when absent (a hard link of a complete temporary file, so that it is never seen half-written);
 * a second opening refuses while that process lives, and takes over a lock whose process is gone
 * (a server killed with SIGKILL). `close` and `discard` remove it.
 */
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  linkSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from "node:fs";
import { syncFolderOf, writeFileDurably } from "../../internal/durable-write.js";
import type { StateStorage } from "../config/index.js";
import { JOURNAL_HEADER } from "./journal.js";
import { NotAStateFileError, notAStateFile } from "./not-a-state-file.js";

/** The complete lines of `text`, and the length of the part they cover (an incomplete tail is cut). */
export function completeLines(text: Buffer): { lines: string[]; bytes: number } {
  const end = text.lastIndexOf(0x0a) + 1;
  const body = text.subarray(0, end).toString("utf8");
  const lines = body === "" ? [] : body.slice(0, -1).split("\n");
  return { lines, bytes: end };
}

/** The file holds the access keys: created readable and writable by its owner only. */
const PRIVATE = 0o600;

/**
 * The two system calls an append makes, apart so that a test can make them fail as a full disk
 * or a file-size limit does (a short write, then `ENOSPC` or `EFBIG`).
 */
export interface AppendCalls {
  /** Writes `length` bytes of `data` from `offset` at the end of `fd`; answers how many it wrote. */
  write(fd: number, data: Buffer, offset: number, length: number): number;
  /** Makes what was written to `fd` durable. */
  sync(fd: number): void;
}

const SYSTEM_CALLS: AppendCalls = {
  write: (fd, data, offset, length) => writeSync(fd, data, offset, length),
  sync: (fd) => fsyncSync(fd),
};

function writeAll(fd: number, data: Buffer, calls: AppendCalls = SYSTEM_CALLS): void {
  for (let done = 0; done < data.byteLength; )
    done += calls.write(fd, data, done, data.byteLength - done);
}

/**
 * Reads the file at `path` without following a symbolic link and without waiting on a FIFO;
 * `undefined` when there is none. Throws `NotAStateFileError` for anything but a regular file.
 */
function readExisting(path: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    if (code === "ELOOP") throw notAStateFile(path, "it is a symbolic link");
    throw e;
  }
  try {
    if (!fstatSync(fd).isFile()) throw notAStateFile(path, "it is not a regular file");
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Whether process `pid` is alive (EPERM: it is, another user's). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Another process holds the lock of a state file. */
export class StateFileLockedError extends Error {
  override readonly name = "StateFileLockedError";
  constructor(
    readonly path: string,
    readonly pid: number,
  ) {
    super(
      `the state file ${path} is in use by process ${pid} (lock ${path}.lock): one server per file; stop that one or give another --state file (if no server runs there, remove the lock)`,
    );
  }
}

/** Takes the lock of the state file `path`, or throws `StateFileLockedError`. */
function takeLock(path: string): string {
  const lock = `${path}.lock`;
  const mine = `${lock}.${process.pid}`;
  const fd = openSync(mine, "w", PRIVATE);
  try {
    writeAll(fd, Buffer.from(`${process.pid}\n`));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(mine, lock);
        return lock;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 2) throw e;
      }
      let held = "";
      try {
        held = readFileSync(lock, "utf8");
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
      }
      const pid = /^\d{1,10}\n?$/.test(held) ? Number(held) : 0;
      if (pid > 0 && alive(pid)) throw new StateFileLockedError(path, pid);
      // Left by a process that is gone (or not a lock this code wrote): taken over.
      rmSync(lock, { force: true });
    }
  } catch (e) {
    if (e instanceof StateFileLockedError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EEXIST")
      throw new Error(`its lock ${lock} was taken meanwhile by another server`);
    throw e;
  } finally {
    rmSync(mine, { force: true });
  }
}

/** A file-backed state storage at `path` (created when missing). */
export class StateFile implements StateStorage {
  private fd = -1;
  private bytes = 0;
  private lines: string[] = [];
  /** Whether opening created the file (it did not exist): `discard` then removes it. */
  private created = false;
  /** The lock file held while open; `undefined` once removed. */
  private lock: string | undefined;

  /** Set once a failed append could not be cut back: no append is taken after it. */
  private broken: Error | undefined;

  /**
   * @param path the file.
   * @param calls the system calls of an append (tests make them fail).
   */
  constructor(
    readonly path: string,
    private readonly calls: AppendCalls = SYSTEM_CALLS,
  ) {
    this.lock = takeLock(path);
    try {
      this.open();
    } catch (e) {
      this.unlock();
      throw e;
    }
  }

  private open(): void {
    const path = this.path;
    const existing = readExisting(path);
    this.created = existing === undefined;
    const text = existing ?? Buffer.alloc(0);
    const header = Buffer.from(`${JOURNAL_HEADER}\n`);
    if (text.byteLength > 0 && !text.subarray(0, header.byteLength).equals(header))
      throw notAStateFile(path, text);
    // Ours from here on (or new): a temporary file beside it is a snapshot a crash left.
    rmSync(`${path}.tmp`, { force: true });
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

  /** Whether opening created the file (there was no state to restore). */
  get isNew(): boolean {
    return this.created;
  }

  load(): readonly string[] {
    const lines = this.lines;
    this.lines = [];
    return lines;
  }

  /**
   * Appends `line` and syncs it. On failure the file is cut back to its last good length and
   * synced, then the error is thrown: the line is not in the file. When cutting back fails too,
   * the file may end in part of the line, so every later append throws instead of gluing a line
   * onto it (a restart cuts that part off).
   */
  append(line: string): void {
    if (this.broken !== undefined) throw this.broken;
    const data = Buffer.from(`${line}\n`, "utf8");
    try {
      writeAll(this.fd, data, this.calls);
      this.calls.sync(this.fd);
    } catch (e) {
      this.cutBack(e);
      throw e;
    }
    this.bytes += data.byteLength;
  }

  private cutBack(cause: unknown): void {
    try {
      ftruncateSync(this.fd, this.bytes);
      fsyncSync(this.fd);
    } catch (e) {
      const why = (x: unknown) => (x instanceof Error ? x.message : String(x));
      this.broken = new Error(
        `the state file takes no more changes: a failed append (${why(cause)}) could not be cut back (${why(e)}); restart the server`,
      );
    }
  }

  replace(lines: readonly string[]): void {
    const data = Buffer.from(lines.map((l) => `${l}\n`).join(""), "utf8");
    // A full disk: the file stays as it was; the partial snapshot goes. The lock makes the fixed
    // temporary name safe, and a start removes one a crash left.
    writeFileDurably(this.path, data, { mode: PRIVATE, temp: `${this.path}.tmp` });
    closeSync(this.fd);
    this.fd = openSync(this.path, "a", PRIVATE);
    this.bytes = data.byteLength;
    // A whole new file: whatever a failed append left at the end of the old one is gone.
    this.broken = undefined;
  }

  /**
   * Closes the file after a start that failed (a port in use): a file this start created is
   * removed, so that a failed start leaves nothing behind; a file that existed is kept as it is.
   */
  discard(): void {
    this.close();
    if (this.created) rmSync(this.path, { force: true });
  }

  /**
   * Writes `lines` (damaged ones, kept out of the journal by a repair) to a new file beside the
   * state file, `FILE.damaged-<time>.jsonl`, synced, readable by its owner only; answers its path.
   */
  setAside(lines: readonly string[]): string {
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const aside = `${this.path}.damaged-${stamp}.jsonl`;
    const fd = openSync(aside, "wx", PRIVATE);
    try {
      writeAll(fd, Buffer.from(lines.map((l) => `${l}\n`).join(""), "utf8"));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    syncFolderOf(aside);
    return aside;
  }

  /** Closes the file (every line is already on disk) and removes its lock; later calls do nothing. */
  close(): void {
    if (this.fd >= 0) {
      closeSync(this.fd);
      this.fd = -1;
    }
    this.unlock();
  }

  private unlock(): void {
    if (this.lock === undefined) return;
    rmSync(this.lock, { force: true });
    this.lock = undefined;
  }
}

/** Opens the state file at `path`, with an error naming it when it cannot be used. */
export function openStateFile(path: string, calls?: AppendCalls): StateFile {
  try {
    return new StateFile(path, calls);
  } catch (e) {
    if (e instanceof StateFileLockedError || e instanceof NotAStateFileError) throw e;
    throw new Error(`the state file ${path} cannot be opened: ${(e as Error).message}`);
  }
}
