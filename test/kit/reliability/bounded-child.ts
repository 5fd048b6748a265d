/**
 * The parent's side of `bounded-server.ts`: a dev server in a child process under a heap limit,
 * started with JSON options, with its memory and counters read over IPC; the long tier's memory
 * tests (the store bounds, the soak) measure it from outside.
 */
import { type ChildProcess, fork } from "node:child_process";
import type { DevServerStats } from "../../../src/devserver/index.js";
import { repoPath } from "../runtimes/harness.js";

const SERVER = repoPath("test/kit/reliability/bounded-server.ts");

/** A dev server in a child process. */
export interface BoundedChild {
  proc: ChildProcess;
  url: string;
  key: string;
  /** The child's `process.memoryUsage()`. */
  memory(): Promise<NodeJS.MemoryUsage>;
  /** The server's counters (`srv.stats()`). */
  stats(): Promise<DevServerStats>;
}

/** Starts the server with `options` under a heap of `heapMb` MiB; resolves once it listens. */
export async function startBoundedChild(
  options: Record<string, unknown>,
  heapMb: number,
): Promise<BoundedChild> {
  const proc = fork(SERVER, [], {
    execArgv: [`--max-old-space-size=${heapMb}`, "--import", "tsx"],
    env: { ...process.env, DEV_OPTIONS: JSON.stringify(options) },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const ready = await new Promise<{ url: string; accessKey: string }>((resolve, reject) => {
    proc.once("message", (m) => resolve(m as { url: string; accessKey: string }));
    proc.once("exit", (code) => reject(new Error(`dev server exited with ${code}`)));
  });
  const ask = <T>(what: "memory" | "stats") =>
    new Promise<T>((resolve, reject) => {
      proc.once("message", (m) => resolve((m as Record<string, T>)[what] as T));
      proc.send(what, (e) => e && reject(e));
    });
  return {
    proc,
    url: ready.url,
    key: ready.accessKey,
    memory: () => ask<NodeJS.MemoryUsage>("memory"),
    stats: () => ask<DevServerStats>("stats"),
  };
}
