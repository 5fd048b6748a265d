/**
 * `xchain-intents/viem/file-store`: a deposit store in a directory, for Node (kept out of the
 * browser entry). One file per intent, named by the SHA-256 of its key (a key from a hostile
 * server never becomes a path), written to a temporary file, flushed to disk and renamed over the
 * old one: a process killed at any moment leaves the old record or the new one, never half of one.
 * Several processes may share the directory.
 *
 * @example
 * import { fileDepositStore } from "xchain-intents/viem/file-store";
 * await executeWithWallet(client, { ...committed, wallet, store: fileDepositStore(".deposits") });
 *
 * @packageDocumentation
 */
import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { type DepositRecord, type DepositStore, parseRecord } from "./deposit-store.js";

export type { DepositRecord, DepositStore } from "./deposit-store.js";

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
      const target = path(key);
      const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      const fd = openSync(temp, "w", 0o600);
      try {
        writeSync(fd, `${JSON.stringify({ key, ...record })}\n`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temp, target);
      syncDirectory(directory);
    },
  };
}

/** Flushes the directory entry of a rename (where the platform allows it). */
function syncDirectory(directory: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(directory, "r");
    fsyncSync(fd);
  } catch {
    // Windows cannot open a directory; its rename is durable once it returns.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
