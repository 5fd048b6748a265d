/**
 * `xchain-intents serve` in a child process, as a team runs it: from source (as `npm run serve`
 * does), optionally under a lowered descriptor limit (`ulimit -n`), with its base URL and key read
 * from the banner. Every wait is bounded so that a hung child fails the test instead of hanging it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** How a child ended. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A running `serve`. */
export interface ServeChild {
  child: ChildProcess;
  /** Base URL from the banner. */
  url: string;
  /** Port of `url`. */
  port: number;
  /** Access key from the banner. */
  key: string;
  /** Everything the child wrote (stdout and stderr). */
  output(): string;
  /** Settles when the child ends. */
  exit: Promise<Exit>;
}

/** Options of `startServeChild`. */
export interface ServeChildOptions {
  /** `ulimit -n` of the child (soft and hard). */
  descriptors?: number;
  /** Environment added to this process's (the key variable is cleared unless given). */
  env?: Record<string, string>;
  /** How long to wait for the banner; default 20 s. */
  readyMs?: number;
  /** Run on real local chains instead of the simulated mode these suites use by default. */
  chains?: boolean;
}

/** Settles with `p`, or rejects after `ms` naming `what` (a hung child, not a slow one). */
export async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** Starts `serve --port 0 …args` and waits for its banner. */
export async function startServeChild(
  args: string[],
  options: ServeChildOptions = {},
): Promise<ServeChild> {
  // The simulated mode: these suites are about the server, not the chains (test/system/chains/).
  const command = [
    process.execPath,
    "--import",
    "tsx",
    "src/cli.ts",
    "serve",
    "--port",
    "0",
    ...(options.chains === true ? [] : ["--simulated"]),
  ];
  const quoted = [...command, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
  const limit = options.descriptors === undefined ? "" : `ulimit -n ${options.descriptors}; `;
  const child = spawn("bash", ["-c", `${limit}exec ${quoted}`], {
    cwd: ROOT,
    env: { ...process.env, XCHAIN_INTENTS_ACCESS_KEY: "", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exit = new Promise<Exit>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const banner = new Promise<{ url: string; key: string }>((resolve, reject) => {
    const look = () => {
      const m = /base URL:\s+(\S+)\n\s+access key:\s+(\S+)/.exec(out);
      if (m !== null && out.includes("Stops on"))
        resolve({ url: m[1] as string, key: m[2] as string });
    };
    child.stdout.on("data", (b: Buffer) => {
      out += b.toString();
      look();
    });
    child.stderr.on("data", (b: Buffer) => {
      out += b.toString();
    });
    exit.then(() => reject(new Error(`serve exited early: ${out}`)));
  });
  try {
    const { url, key } = await within(banner, options.readyMs ?? 20_000, "serve's banner");
    return { child, url, port: Number(new URL(url).port), key, output: () => out, exit };
  } catch (e) {
    child.kill("SIGKILL");
    throw e;
  }
}

/** Sends SIGTERM and waits (bounded) for the child to end. */
export async function stopServeChild(s: ServeChild): Promise<Exit> {
  s.child.kill("SIGTERM");
  return within(s.exit, 20_000, "exit after SIGTERM");
}
