/**
 * The one way tests start the command line in a child process: `xchain-intents serve` as a team
 * runs it (`startServeChild`), from source as `npm run serve` does or by a command line as
 * written (a README's), optionally under a lowered descriptor limit (`ulimit -n`), with its base
 * URL and key read from the banner; and a command that should end by itself (`runCli`: a bad
 * argument, a taken port, a locked state file). Every wait is bounded so that a hung child fails
 * the test instead of hanging it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { ROOT } from "../runtimes/harness.js";

/** How a child ended. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A running `serve`. */
export interface ServeChild extends CliChild {
  /** Base URL from the banner. */
  url: string;
  /** Port of `url`. */
  port: number;
  /** Access key from the banner. */
  key: string;
}

/** Options of a command line in a child process (`spawnCli`, `runCli`, `startServeChild`). */
export interface CliOptions {
  /** `ulimit -n` of the child (soft and hard). */
  descriptors?: number;
  /** Environment added to this process's (the key variable is cleared unless given). */
  env?: Record<string, string>;
  /** Working directory; default the repository root. */
  cwd?: string;
  /**
   * The child leads a process group of its own: `stopServeChild` then signals the whole group and
   * waits until none of it is left (for a command that starts `serve` through npm, which does not
   * pass a signal on).
   */
  group?: boolean;
}

/** Options of `startServeChild`. */
export interface ServeChildOptions extends CliOptions {
  /** How long to wait for the banner; default 20 s. */
  readyMs?: number;
  /** Run on real local chains instead of the simulated mode these suites use by default. */
  chains?: boolean;
  /**
   * The whole command line, run as written (as a user types it: `npm run serve -- …`), instead of
   * `serve --port 0 [--simulated] …args` from source; `args` is then ignored.
   */
  command?: string[];
}

/** A command line running in a child process. */
export interface CliChild {
  child: ChildProcess;
  /** Everything the child wrote (stdout and stderr). */
  output(): string;
  /** Settles when the child ends. */
  exit: Promise<Exit>;
  /** Settles when the child has ended and closed its output (all of it is in `output()`). */
  closed: Promise<Exit>;
  /** Whether `options.group` made it a process group's leader. */
  group: boolean;
}

/** Settles with `p`, or rejects after `ms` naming `what` (a hung child, not a slow one). */
export async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** The command line `xchain-intents …args` from source, as `npm run serve` runs it. */
function cliCommand(args: string[]): string[] {
  return [process.execPath, "--import", "tsx", "src/cli.ts", ...args];
}

/**
 * Starts `command` (default: `xchain-intents …args` from source) in a child process and collects
 * its output; nothing is waited for. The one place tests start the command line.
 */
export function spawnCli(
  args: string[],
  options: CliOptions & { command?: string[] } = {},
): CliChild {
  const command = options.command ?? cliCommand(args);
  const quoted = command.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
  const limit = options.descriptors === undefined ? "" : `ulimit -n ${options.descriptors}; `;
  const group = options.group === true;
  const child = spawn("bash", ["-c", `${limit}exec ${quoted}`], {
    cwd: options.cwd ?? ROOT,
    detached: group,
    env: { ...process.env, XCHAIN_INTENTS_ACCESS_KEY: "", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const keep = (b: Buffer) => {
    out += b.toString();
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const ended = (event: "exit" | "close") =>
    new Promise<Exit>((resolve) =>
      child.once(event, (code: number | null, signal: NodeJS.Signals | null) =>
        resolve({ code, signal }),
      ),
    );
  return { child, output: () => out, exit: ended("exit"), closed: ended("close"), group };
}

/**
 * Runs `xchain-intents …args` expecting it to end by itself within `ms` (default 20 s; killed
 * then): how it ended, and everything it wrote.
 */
export async function runCli(
  args: string[],
  options: CliOptions & { ms?: number } = {},
): Promise<Exit & { output: string }> {
  const run = spawnCli(args, options);
  try {
    const exit = await within(run.closed, options.ms ?? 20_000, `${args.join(" ")} should end`);
    return { ...exit, output: run.output() };
  } finally {
    run.child.kill("SIGKILL");
  }
}

/** Starts `serve --port 0 …args` (or `options.command`) and waits for its banner. */
export async function startServeChild(
  args: string[],
  options: ServeChildOptions = {},
): Promise<ServeChild> {
  // The simulated mode: these suites are about the server, not the chains (test/system/chains/).
  const serve = ["serve", "--port", "0", ...(options.chains === true ? [] : ["--simulated"])];
  const run = spawnCli([...serve, ...args], options);
  const { child, exit } = run;
  const banner = new Promise<{ url: string; key: string }>((resolve, reject) => {
    const look = () => {
      const out = run.output();
      const m = /base URL:\s+(\S+)\n\s+access key:\s+(\S+)/.exec(out);
      if (m !== null && out.includes("Stops on"))
        resolve({ url: m[1] as string, key: m[2] as string });
    };
    child.stdout?.on("data", look);
    exit.then(() => reject(new Error(`serve exited early: ${run.output()}`)));
  });
  try {
    const { url, key } = await within(banner, options.readyMs ?? 20_000, "serve's banner");
    return { ...run, url, port: Number(new URL(url).port), key };
  } catch (e) {
    kill(run, "SIGKILL");
    throw e;
  }
}

/** Sends `signal` to the child, or to its whole group when it leads one. */
function kill(run: CliChild, signal: NodeJS.Signals): void {
  if (!run.group || run.child.pid === undefined) {
    run.child.kill(signal);
    return;
  }
  try {
    process.kill(-run.child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

/** Resolves once no process of the group `pgid` is left. */
async function groupGone(pgid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Sends SIGTERM (to the whole group when the child leads one) and waits, bounded, for the child to
 * end (and then for every process of its group to be gone).
 */
export async function stopServeChild(s: ServeChild): Promise<Exit> {
  kill(s, "SIGTERM");
  const exit = await within(s.exit, 20_000, "exit after SIGTERM");
  if (s.group && s.child.pid !== undefined)
    await within(groupGone(s.child.pid), 20_000, "the process group after SIGTERM");
  return exit;
}
