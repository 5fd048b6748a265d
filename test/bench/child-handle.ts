/** The parent's side of `server-child.ts`: start it, ask for reports, stop it. */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

/** What the child measured since its last report. */
export interface ChildReport {
  loopMaxMs: number;
  loopP99Ms: number;
  /** Most CPU time used between two 10 ms timer ticks, ms. */
  cpuBlockMs: number;
  rss: number;
  rssPeak: number;
  storedBytes: number;
  storedIntents: number;
}

/** A running child server. */
export interface ChildServer {
  url: string;
  key: string;
  /** The child's measures since the last report (after a full GC when `gc`). */
  report(gc?: boolean): Promise<ChildReport>;
  stop(): Promise<void>;
}

const script = fileURLToPath(new URL("./server-child.ts", import.meta.url));

/**
 * Starts a child server with `options` (JSON-able `startDevServer` options). Node flags in
 * `BENCH_CHILD_FLAGS` are passed to the child only, e.g. `BENCH_CHILD_FLAGS="--cpu-prof
 * --cpu-prof-dir=prof"` to profile the server and not the load (NODE_OPTIONS refuses `--cpu-prof`).
 */
export async function startChild(options: Record<string, unknown> = {}): Promise<ChildServer> {
  const extra = (process.env.BENCH_CHILD_FLAGS ?? "").split(" ").filter((f) => f !== "");
  const child = fork(script, [JSON.stringify(options)], {
    execArgv: ["--expose-gc", ...extra, "--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("child server: no answer in 60 s")), 60_000);
      child.once("message", (m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
  const ready = (await next()) as { url: string; key: string };
  return {
    url: ready.url,
    key: ready.key,
    async report(gc = false) {
      const answer = next();
      child.send(gc ? "gc" : "report");
      return (await answer) as ChildReport;
    },
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      child.disconnect();
      await exited;
    },
  };
}
