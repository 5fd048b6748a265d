/**
 * `xchain-intents/viem/file-store`: a deposit store in a directory, for Node (kept out of the
 * browser entry). One file per intent, named by the SHA-256 of its key (a key from a hostile
 * server never becomes a path), written to a temporary file, flushed to disk and renamed over the
 * old one: a process killed at any moment leaves the old record or the new one, never half of one.
 * Several processes may share the directory: a deposit is claimed by creating its claim file
 * exclusively (`wx`), holding the claimant's pid, host and time; the others wait for it to be given
 * back, and a claim whose process is no longer alive on this host is taken over.
 *
 * @example
 * import { fileDepositStore } from "xchain-intents/viem/file-store";
 * await executeWithWallet(client, { ...committed, wallet, maxAmount, store: fileDepositStore(".deposits") });
 *
 * @packageDocumentation
 */
import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { writeFileDurably } from "../internal/durable-write.js";
import {
  type DepositRecord,
  type DepositStore,
  parseRecord,
  type ReleaseClaim,
} from "./deposit-store.js";

export type { DepositRecord, DepositStore, ReleaseClaim } from "./deposit-store.js";

/** A deposit store in `directory` (created when missing). */
export function fileDepositStore(directory: string): DepositStore {
  mkdirSync(directory, { recursive: true });
  const path = (key: string) =>
    join(directory, `${createHash("sha256").update(key).digest("hex").slice(0, 40)}.json`);
  return {
    get(key: string): DepositRecord | undefined {
      let text: string;
      try {
        text = readFileSync(path(key), "utf8");
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw e;
      }
      return parseRecord(text);
    },
    set(key: string, record: DepositRecord): void {
      writeFileDurably(path(key), Buffer.from(`${JSON.stringify({ key, ...record })}\n`, "utf8"));
    },
    claim: (key) => claimFile(`${path(key)}.claim`),
  };
}

/** What a claim file holds. */
interface Holder {
  pid: number;
  host: string;
  at: number;
  id: string;
}

const errno = (e: unknown) => (e as NodeJS.ErrnoException).code;

/**
 * Creates the claim file exclusively; when it exists and its holder is a process of this host
 * that is no longer alive, moves it aside (a rename: only one taker wins it) and tries again.
 */
function claimFile(file: string): ReleaseClaim | undefined {
  const me: Holder = { pid: process.pid, host: hostname(), at: Date.now(), id: randomId() };
  for (let tries = 0; tries < 3; tries++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      try {
        writeSync(fd, JSON.stringify(me));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      return () => giveBack(file, me.id);
    } catch (e) {
      if (errno(e) !== "EEXIST") throw e;
    }
    const holder = readHolder(file);
    if (holder === "gone") continue;
    if (holder === undefined || alive(holder)) return undefined;
    takeOver(file, holder.id);
  }
  return undefined;
}

/** The holder written in `file`; `"gone"` when it no longer exists; `undefined` when unreadable. */
function readHolder(file: string): Holder | "gone" | undefined {
  try {
    const h = JSON.parse(readFileSync(file, "utf8")) as Holder;
    return typeof h.pid === "number" && typeof h.host === "string" ? h : undefined;
  } catch (e) {
    // A claim file is written right after it is created: an empty one is being written now.
    return errno(e) === "ENOENT" ? "gone" : undefined;
  }
}

/** Whether the holder's process is alive (a holder on another host is taken to be). */
function alive(h: Holder): boolean {
  if (h.host !== hostname()) return true;
  try {
    process.kill(h.pid, 0);
    return true;
  } catch (e) {
    return errno(e) !== "ESRCH";
  }
}

/** Moves a dead holder's claim aside; puts back one that turns out to be another's live claim. */
function takeOver(file: string, deadId: string): void {
  const aside = `${file}.${randomId()}.stale`;
  try {
    renameSync(file, aside);
  } catch {
    return; // another taker moved it first
  }
  const moved = readHolder(aside);
  if (moved !== "gone" && moved !== undefined && moved.id !== deadId) {
    // A live claim made after the dead one was read: give it back its file, unless a third
    // claimant took the name meanwhile (then both stand, and the store's record decides).
    try {
      linkSync(aside, file);
    } catch {}
  }
  try {
    unlinkSync(aside);
  } catch {}
}

/** Removes the claim file if it is still this claim's. */
function giveBack(file: string, id: string): void {
  const h = readHolder(file);
  if (h !== "gone" && h !== undefined && h.id === id) {
    try {
      unlinkSync(file);
    } catch {}
  }
}

function randomId(): string {
  return randomBytes(8).toString("hex");
}
