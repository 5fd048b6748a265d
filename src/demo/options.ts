/**
 * The demo's options, from its arguments and the environment. Arguments win over variables; with
 * no base URL the demo starts the embedded dev server.
 */
import { UsageError } from "../command/usage-error.js";

/** What the demo was asked to do. */
export interface DemoOptions {
  /** Service to use; `undefined` starts the embedded dev server. */
  baseUrl: string | undefined;
  /** Access key for `baseUrl` (the embedded server brings its own). */
  accessKey: string | undefined;
  /** Wallet that quotes and owns the intent. */
  owner: string;
  /** Whether `--owner` was given (on real chains the default is the first test account). */
  ownerGiven: boolean;
  /** Run the embedded dev server on real local chains when anvil is installed (default). */
  chains: boolean;
  /** Receipt stage duration of the embedded dev server, ms. */
  stageMs: number;
  /** Redraw progress in place (`true`), print plain lines (`false`), or decide by TTY. */
  live: boolean | undefined;
  /** Print usage and stop. */
  help: boolean;
  /** Print the version and stop. */
  version: boolean;
}

/** Environment variables the demo reads. */
export const DEMO_ENV = {
  baseUrl: "XCHAIN_INTENTS_BASE_URL",
  accessKey: "XCHAIN_INTENTS_ACCESS_KEY",
} as const;

/** The owner used when none is given: the dev server's demo wallet. */
export const DEFAULT_OWNER = "0x1111111111111111111111111111111111111111";

/** The usage text of `xchain-intents demo`. */
export const DEMO_USAGE = `usage: xchain-intents demo [options]

Walks one intent through routes, quote, commit, execute, progress, get and search.
With no base URL it starts the embedded dev server on loopback.

options:
  --base-url URL     service to use (env ${DEMO_ENV.baseUrl}); a dev server there is asked for
                     its chains and test accounts (GET URL/dev/chains), and the deposit is made
                     from its first test account on its real chains
  --access-key KEY   its access key (env ${DEMO_ENV.accessKey})
  --owner ADDRESS    wallet of the intent (default: the first funded test account on real
                     chains, ${DEFAULT_OWNER} simulated)
  --simulated        embedded dev server without chains (the default is real local chains
                     when @foundry-rs/anvil is installed: a real deposit, a real payout)
  --stage-ms N       receipt stage duration of the embedded dev server (default 200); on
                     chains it paces them too: deposit, origin and payout each show SUCCEEDED
                     3 stages after the one before (0: as fast as the chains go)
  --plain            print plain progress lines even on a terminal
  --live             redraw progress in place even when not on a terminal
  -h, --help         show this text
  -V, --version      show the version
`;

/**
 * Reads the demo's arguments; throws on an unknown or incomplete one.
 *
 * @example
 * parseDemoArgs(["--base-url", "http://127.0.0.1:8787"], process.env);
 */
export function parseDemoArgs(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): DemoOptions {
  const out: DemoOptions = {
    baseUrl: nonEmpty(env[DEMO_ENV.baseUrl]),
    accessKey: nonEmpty(env[DEMO_ENV.accessKey]),
    owner: DEFAULT_OWNER,
    ownerGiven: false,
    chains: true,
    stageMs: 200,
    live: undefined,
    help: false,
    version: false,
  };
  for (let i = 0; i < args.length; i++) {
    const [flag = "", inline] = splitFlag(args[i] ?? "");
    const value = (): string => {
      const v = inline ?? args[++i];
      if (v === undefined || v === "") throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (flag === "--base-url") out.baseUrl = value().replace(/\/+$/, "");
    else if (flag === "--access-key") out.accessKey = value();
    else if (flag === "--owner") {
      out.owner = value();
      out.ownerGiven = true;
    } else if (flag === "--simulated") out.chains = false;
    else if (flag === "--stage-ms") out.stageMs = nonNegative(flag, value());
    else if (flag === "--plain") out.live = false;
    else if (flag === "--live") out.live = true;
    else if (flag === "--help" || flag === "-h") out.help = true;
    else if (flag === "--version" || flag === "-V") out.version = true;
    else {
      const what = flag.startsWith("-") ? "option" : "argument";
      throw new UsageError(`unknown ${what} ${JSON.stringify(flag)}`);
    }
  }
  return out;
}

function splitFlag(arg: string): [string, string | undefined] {
  const eq = arg.indexOf("=");
  return arg.startsWith("--") && eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

function nonNegative(flag: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${flag} must be a whole number >= 0`);
  return n;
}
