/**
 * The arguments of `xchain-intents serve`, read apart from the command so that tests can import
 * them without starting one. Each option is `--name value` or `--name=value`; a flag takes no
 * value. Every mistake is a `UsageError` naming the argument.
 */
import { UsageError } from "./usage-error.js";

/** Options of `serve`, read from its arguments and environment. */
export interface ServeArgs {
  /** Port to listen on; 0 picks a free one. Default 8787. */
  port: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  host: string;
  /** Write bigints as decimal strings (webrpc's form) instead of JSON numbers. */
  stringBigints: boolean;
  /** The access key to accept instead of a generated one (`--access-key` or the environment). */
  accessKey: string | undefined;
  /** Where `accessKey` came from. */
  accessKeyFrom: "option" | "environment" | undefined;
  /** Seed of every derived id, salt and hash; the server's default when absent. */
  seed: string | undefined;
  /** Honour `X-Dev-Fault` request headers. */
  faults: boolean;
  /** File that keeps intents, receipts and keys across restarts; memory only when absent. */
  state: string | undefined;
  /** The oldest client schema version accepted; the server's default when absent. */
  minClientVersion: string | undefined;
  /** Print the usage and stop. */
  help: boolean;
  /** Print the version and stop. */
  version: boolean;
}

/** Environment variables `serve` reads (the demo reads the same key variable). */
export const SERVE_ENV = { accessKey: "XCHAIN_INTENTS_ACCESS_KEY" } as const;

/** The defaults of `serve`. */
export const SERVE_DEFAULTS: Readonly<ServeArgs> = {
  port: 8787,
  host: "127.0.0.1",
  stringBigints: false,
  accessKey: undefined,
  accessKeyFrom: undefined,
  seed: undefined,
  faults: false,
  state: undefined,
  minClientVersion: undefined,
  help: false,
  version: false,
};

/** The usage text of `xchain-intents serve`. */
export const SERVE_USAGE = `usage: xchain-intents serve [options]

Runs the dev server (the whole interface) on a port until SIGINT or SIGTERM.

options:
  --port N            port to listen on; 0 picks a free one (default ${SERVE_DEFAULTS.port})
  --host H            interface to listen on (default ${SERVE_DEFAULTS.host})
  --access-key KEY    accept this key instead of a generated one (env ${SERVE_ENV.accessKey})
  --state FILE        keep intents, receipts and the key in FILE across restarts
  --seed TEXT         seed of every derived id, salt and hash (same seed, same calls: same answers)
  --faults            honour X-Dev-Fault request headers (fault injection)
  --min-client-version V
                      answer ClientOutdated to clients whose schema (Webrpc header) is older
                      than V (default: the first version of this schema's breaking digit)
  --string-bigints    write amounts as decimal strings; needed by JavaScript clients generated
                      from the OpenAPI document, which round JSON numbers past 2^53
  -h, --help          show this text
  -V, --version       show the version
`;

/** Printable ASCII with no space: what an `X-Access-Key` header carries unchanged. */
const KEY_SHAPE = /^[\x21-\x7e]{1,256}$/;

function portOf(text: string): number {
  // Number() would take "", "0x50" and "1e3"; a port is plain decimal digits.
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port <= 65535))
    throw new UsageError(
      `--port must be a whole number from 0 to 65535, not ${JSON.stringify(text)}`,
    );
  return port;
}

function keyOf(text: string, source: string): string {
  if (!KEY_SHAPE.test(text))
    throw new UsageError(`${source} must be 1 to 256 printable ASCII characters with no space`);
  return text;
}

function nonEmpty(name: string, text: string): string {
  if (text === "") throw new UsageError(`${name} must not be empty`);
  return text;
}

const FLAGS = new Set(["--string-bigints", "--faults", "--help", "-h", "--version", "-V"]);
const WITH_VALUE = new Set([
  "--port",
  "--host",
  "--access-key",
  "--state",
  "--seed",
  "--min-client-version",
]);

/** `v1.2.3` or `1.2.3`, as the dev server's `minClientVersion` takes it. */
function versionOf(name: string, text: string): string {
  if (!/^v?\d{1,9}\.\d{1,9}\.\d{1,9}$/.test(text))
    throw new UsageError(`${name} needs a version such as v1.2.0, not ${JSON.stringify(text)}`);
  return text;
}

/**
 * Reads the arguments of `serve` (and the key variable of `env`; an argument wins over it); throws
 * a `UsageError` whose message names the offending argument.
 *
 * @example
 * parseServeArgs(["--port", "0", "--string-bigints"], process.env);
 */
export function parseServeArgs(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): ServeArgs {
  const out: ServeArgs = { ...SERVE_DEFAULTS };
  const fromEnv = env[SERVE_ENV.accessKey];
  if (fromEnv !== undefined && fromEnv !== "") {
    out.accessKey = keyOf(fromEnv, SERVE_ENV.accessKey);
    out.accessKeyFrom = "environment";
  }
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (FLAGS.has(name)) {
      if (eq !== -1) throw new UsageError(`${name} takes no value`);
    } else if (!WITH_VALUE.has(name)) {
      const what = name.startsWith("-") ? "option" : "argument";
      throw new UsageError(`unknown ${what} ${JSON.stringify(name)}`);
    }
    const value = (): string => {
      if (eq !== -1) return arg.slice(eq + 1);
      const next = args[i + 1];
      if (next === undefined || next.startsWith("--") || FLAGS.has(next))
        throw new UsageError(`${name} needs a value`);
      i += 1;
      return next;
    };
    if (name === "--port") out.port = portOf(value());
    else if (name === "--host") out.host = nonEmpty(name, value());
    else if (name === "--access-key") {
      out.accessKey = keyOf(value(), name);
      out.accessKeyFrom = "option";
    } else if (name === "--state") out.state = nonEmpty(name, value());
    else if (name === "--seed") out.seed = nonEmpty(name, value());
    else if (name === "--min-client-version") out.minClientVersion = versionOf(name, value());
    else if (name === "--string-bigints") out.stringBigints = true;
    else if (name === "--faults") out.faults = true;
    else if (name === "--help" || name === "-h") out.help = true;
    else out.version = true;
  }
  return out;
}
