/**
 * The process's open-file limit (the soft `RLIMIT_NOFILE`, what `ulimit -n` shows), which every
 * accepted connection counts against. Node has no call for it: Linux lists it in
 * `/proc/self/limits`; elsewhere on POSIX a shell started from this process reports the limit it
 * inherited. Windows has no such per-process limit.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** Reads the soft limit from the text of `/proc/self/limits`; `undefined` when absent or unlimited. */
export function parseProcLimits(text: string): number | undefined {
  const m = /^Max open files\s+(\S+)/m.exec(text);
  return m === null ? undefined : parseLimit(m[1] as string);
}

/** A limit as `ulimit -n` prints it: digits, or `unlimited` (`undefined`). */
export function parseLimit(text: string): number | undefined {
  const t = text.trim();
  return /^\d{1,12}$/.test(t) && Number(t) > 0 ? Number(t) : undefined;
}

/** The soft open-file limit of this process, or `undefined` when there is none or it is unknown. */
export function openFileLimit(): number | undefined {
  if (process.platform === "win32") return undefined;
  try {
    return parseProcLimits(readFileSync("/proc/self/limits", "utf8"));
  } catch {
    // Not Linux (macOS, the BSDs): ask a shell, which inherits this process's limit.
  }
  try {
    const out = execFileSync("/bin/sh", ["-c", "ulimit -n"], { encoding: "utf8", timeout: 2_000 });
    return parseLimit(out);
  } catch {
    return undefined;
  }
}
