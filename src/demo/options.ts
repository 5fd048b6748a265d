/**
 * The demo's options, from its arguments and the environment. Arguments win over variables; with
 * no base URL the demo starts the embedded dev server.
 */
import {
  type ArgItem,
  type ArgOptions,
  readArgs,
  unexpectedArg,
} from "../internal/command/args.js";
import { UsageError } from "../internal/command/usage-error.js";

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
  for (const item of readArgs(args, DEMO_OPTIONS)) {
    if (item.kind !== "option") throw unexpectedArg(item);
    applyOption(out, item);
  }
  return out;
}

/** The options of the demo, as `parseArgs` reads them. */
const DEMO_OPTIONS: ArgOptions = {
  "base-url": { type: "string" },
  "access-key": { type: "string" },
  owner: { type: "string" },
  "stage-ms": { type: "string" },
  simulated: { type: "boolean" },
  plain: { type: "boolean" },
  live: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "V" },
};

/** Sets one option of `out`; a value after `=` given to a flag is not read. */
function applyOption(out: DemoOptions, item: Extract<ArgItem, { kind: "option" }>): void {
  const value = (): string => {
    if (item.value === undefined || item.value === "")
      throw new UsageError(`${item.name} needs a value`);
    return item.value;
  };
  const { key } = item;
  if (key === "base-url") out.baseUrl = value().replace(/\/+$/, "");
  else if (key === "access-key") out.accessKey = value();
  else if (key === "owner") {
    out.owner = value();
    out.ownerGiven = true;
  } else if (key === "simulated") out.chains = false;
  else if (key === "stage-ms") out.stageMs = nonNegative(item.name, value());
  else if (key === "plain") out.live = false;
  else if (key === "live") out.live = true;
  else if (key === "help") out.help = true;
  else out.version = true;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

function nonNegative(flag: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${flag} must be a whole number >= 0`);
  return n;
}
