/**
 * One anvil process: started on loopback with `--port 0` (it picks a free port and prints it),
 * owned by the dev server that started it, stopped on every exit path. On POSIX systems anvil runs
 * under a small `sh` watchdog that reads the pipe from this process: when this process ends in any
 * way (a clean exit, a signal, SIGKILL), the pipe closes, the read ends and the watchdog stops
 * anvil (SIGTERM, so that it writes its state file when asked to keep one) and waits for it.
 *
 * A chain whose state is kept (`statePath`) is loaded from that file when it exists, and dumped on
 * exit: anvil writes `statePath.next`, and the watchdog renames it over `statePath` once anvil has
 * exited cleanly, so that the file is always either the last complete dump or the one before.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";

/** A running anvil. */
export interface AnvilProcess {
  /** Its JSON-RPC URL, `http://127.0.0.1:<port>`. */
  readonly rpcUrl: string;
  /** The process id of anvil's watchdog (or of anvil itself where there is none). */
  readonly pid: number | undefined;
  /** Whether it started from a kept state (`statePath` existed), not afresh. */
  readonly loadedState: boolean;
  /** Stops anvil and resolves once it has exited; later calls resolve at once. */
  stop(): Promise<void>;
}

/** Options of one anvil. */
export interface AnvilOptions {
  /** The binary (see `findAnvil`). */
  binary: string;
  /** Chain id it serves. */
  chainId: number;
  /** Port to listen on; 0 (default) lets anvil pick a free one. */
  port?: number;
  /** More arguments (a fork URL). */
  extraArgs?: readonly string[];
  /** A file that keeps the chain's state across restarts: loaded when it exists, written on exit. */
  statePath?: string;
  /** Longest wait for anvil to listen; default 20 s. */
  startTimeoutMs?: number;
}

// "$@" runs anvil in the background (stdin from /dev/null); `read` returns at end of file, when
// the parent's end of the pipe closes; anvil is then stopped and waited for, and a state it dumped
// on a clean exit replaces the kept one ($XI_ANVIL_STATE, when set).
const WATCHDOG = [
  '"$@" &',
  "child=$!",
  "finish() {",
  "  kill $child 2>/dev/null",
  "  wait $child",
  "  code=$?",
  '  if [ -n "$XI_ANVIL_STATE" ] && [ "$code" -eq 0 ] && [ -s "$XI_ANVIL_STATE.next" ]; then',
  '    mv -f "$XI_ANVIL_STATE.next" "$XI_ANVIL_STATE"',
  "  fi",
  "  exit 0",
  "}",
  "trap finish TERM INT HUP",
  "while read -r _; do :; done",
  "finish",
].join("\n");

/** anvil's arguments that load (when `load`) and dump the state kept at `path`. */
function stateArgs(path: string | undefined, load: boolean): string[] {
  if (path === undefined) return [];
  // Without the watchdog (Windows) anvil writes the file itself.
  if (process.platform === "win32") return ["--state", path];
  rmSync(`${path}.next`, { force: true });
  return [...(load ? ["--load-state", path] : []), "--dump-state", `${path}.next`];
}

const LISTENING = /Listening on ([0-9.]+):(\d+)/;

/** Starts anvil; rejects with what it printed when it does not come up. */
export function startAnvil(options: AnvilOptions): Promise<AnvilProcess> {
  const loadedState = options.statePath !== undefined && existsSync(options.statePath);
  const args = [
    "--host",
    "127.0.0.1",
    "--port",
    String(options.port ?? 0),
    "--chain-id",
    String(options.chainId),
    ...stateArgs(options.statePath, loadedState),
    ...(options.extraArgs ?? []),
  ];
  const env =
    options.statePath === undefined
      ? process.env
      : { ...process.env, XI_ANVIL_STATE: options.statePath };
  const child: ChildProcess =
    process.platform === "win32"
      ? spawn(options.binary, args, { stdio: ["ignore", "pipe", "pipe"], windowsHide: true })
      : spawn("/bin/sh", ["-c", WATCHDOG, "anvil-watchdog", options.binary, ...args], {
          stdio: ["pipe", "pipe", "pipe"],
          env,
        });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // Neither this process's event loop nor its exit waits for anvil.
  child.unref();
  for (const s of [child.stdin, child.stdout, child.stderr])
    (s as { unref?: () => void } | null)?.unref?.();
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    if (stopping === undefined) {
      // Until it has exited, this process waits for it.
      child.ref();
      stopping = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : exited;
      if (child.stdin !== null) child.stdin.end();
      else child.kill("SIGTERM");
    }
    return stopping;
  };
  return new Promise<AnvilProcess>((resolve, reject) => {
    const limitMs = options.startTimeoutMs ?? 20_000;
    let seen = "";
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stop();
      reject(
        new Error(`anvil for chain ${options.chainId} did not start: ${why}\n${seen.slice(-2000)}`),
      );
    };
    const timer = setTimeout(() => fail(`it did not listen within ${limitMs} ms`), limitMs);
    const onExit = (code: number | null, signal: string | null) =>
      fail(`it exited (${signal ?? `code ${code}`})`);
    child.once("error", (e) => fail(e.message));
    child.once("exit", onExit);
    const onData = (chunk: Buffer) => {
      if (settled) return;
      seen += chunk.toString("utf8");
      const m = LISTENING.exec(seen);
      if (m === null) return;
      settled = true;
      clearTimeout(timer);
      child.off("exit", onExit);
      seen = "";
      resolve({ rpcUrl: `http://${m[1]}:${m[2]}`, pid: child.pid, loadedState, stop });
    };
    // anvil logs every request: both pipes are read to the end, so that it never blocks on one.
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
  });
}
