/**
 * Processes in tests: a child run with tsx whose first output line is JSON, and the descendants of
 * a process (read from /proc, so Linux only).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";

const tsx = createRequire(import.meta.url).resolve("tsx");

/** Runs `script` under tsx; resolves with the process and the JSON of its first stdout line. */
export function runScript<T>(
  script: string,
  args: readonly string[] = [],
): Promise<{ child: ChildProcess; first: T }> {
  const child = spawn(process.execPath, ["--import", tsx, script, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stderr?.on("data", (c: Buffer) => {
      err += c.toString();
    });
    child.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
      const nl = out.indexOf("\n");
      if (nl !== -1) resolve({ child, first: JSON.parse(out.slice(0, nl)) as T });
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}: ${err}`)));
  });
}

/** Whether a process with `pid` exists (and is not a zombie). */
export function alive(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return false;
  try {
    return readFileSync(stat, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return false;
  }
}

/** Every descendant of `pid` with its command name. */
export function descendants(pid: number): { pid: number; name: string }[] {
  const parents = new Map<number, number[]>();
  const names = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const name = stat.slice(stat.indexOf("(") + 1, close);
      const ppid = Number(stat.slice(close + 2).split(" ")[1]);
      names.set(Number(entry), name);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while being read.
    }
  }
  const out: { pid: number; name: string }[] = [];
  const walk = (p: number) => {
    for (const c of parents.get(p) ?? []) {
      out.push({ pid: c, name: names.get(c) ?? "" });
      walk(c);
    }
  };
  walk(pid);
  return out;
}

/** Polls `check` until it is true or `ms` passed; returns its last value. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}
