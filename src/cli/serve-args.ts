/**
 * The arguments of `xchain-intents serve`, read apart from the command so that tests can import
 * them without starting one. Read by `node:util` `parseArgs` (`../command/args.ts`): each option
 * is `--name value` or `--name=value`; a flag takes no value. Every mistake is a `UsageError`
 * naming the argument.
 */
import { operationTable } from "../../generated/operations.js";
import { type FaultRule, parseFault } from "../devserver/faults/index.js";
import {
  type ArgItem,
  type ArgOptions,
  readArgs,
  unexpectedArg,
} from "../internal/command/args.js";
import { UsageError } from "../internal/command/usage-error.js";

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
  /** Repair the state file at start: keep the valid records, set the damaged lines aside. */
  repair: boolean;
  /** Time of each receipt stage, in ms (`--stage-ms`). */
  stageMs: number;
  /** Blocks deep the deposit and the origin transaction must be before the payout, on chains (`--confirmations`). */
  confirmations: number | undefined;
  /** Scheduled faults (`--fault OPERATION=FAULT[xN]`, repeatable): the first N calls fail. */
  faultRules: FaultRule[];
  /** Run on real local chains when anvil is installed (default), or simulated (`--simulated`). */
  chains: "auto" | false;
  /** JSON-RPC URLs of chains to use instead of starting them (`--rpc 42161=URL`, repeatable). */
  rpc: Record<number, string>;
  /** The oldest client schema version accepted; the server's default when absent. */
  minClientVersion: string | undefined;
  /** The port of each chain the server starts (`--chain-port 42161=8545`, repeatable). */
  chainPorts: Record<number, number>;
  /**
   * Chains take free ports (`--free-chain-ports`) instead of the fixed ones after the server's
   * port (`--port` + 1 … + n, by ascending chain id).
   */
  freeChainPorts: boolean;
  /** Browser origins given CORS headers (`--cors-origin ORIGIN`, repeatable); empty: every origin. */
  corsOrigins: string[];
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
  repair: false,
  stageMs: 1000,
  confirmations: undefined,
  faultRules: [],
  chains: "auto",
  rpc: {},
  minClientVersion: undefined,
  corsOrigins: [],
  chainPorts: {},
  freeChainPorts: false,
  help: false,
  version: false,
};

/** The fault values, as `serve --help` lists them (each one `parseFault` reads). */
export const FAULT_VALUES: readonly (readonly [string, string])[] = [
  ["429, 429:S", "RateLimited with Retry-After: 1 (or S seconds); nothing processed"],
  ["429-date, 429-ms", "RateLimited with an HTTP-date Retry-After, or retry-after-ms"],
  ["429-none", "RateLimited with no Retry-After"],
  ["500, 503", "a webrpc error with that status; nothing processed"],
  ["html-502", "a proxy's HTML page with status 502; nothing processed"],
  ["reset-before", "the connection dropped before processing"],
  ["slow-headers:MS", "waits MS ms, then processes and answers"],
  ["empty, truncated", "processes (a commit takes effect), then an empty or cut-off body"],
  ["slow-body:MS", "processes, sends the headers, and the body MS ms later"],
  ["reset-after", "processes, then drops the connection"],
  ["deposit-dropped", "ExecuteIntent on chains: the deposit is dropped unmined; FAILED"],
  ["payout-delayed:MS", "ExecuteIntent on chains: the payout is sent MS ms late (3000)"],
];

const FAULT_HELP = FAULT_VALUES.map(
  ([v, what]) => `                        ${v.padEnd(18)}${what}`,
).join("\n");

/** The usage text of `xchain-intents serve`. */
export const SERVE_USAGE = `usage: xchain-intents serve [options]

Runs the dev server (the whole interface) on a port until SIGINT or SIGTERM.

options:
  --port N            port to listen on; 0 picks a free one (default ${SERVE_DEFAULTS.port})
  --host H            interface to listen on (default ${SERVE_DEFAULTS.host})
  --access-key KEY    accept this key instead of a generated one (env ${SERVE_ENV.accessKey})
  --state FILE        keep intents, receipts and the key in FILE across restarts (one server
                      per file: a second one refuses, naming the process that holds it)
  --repair            with --state: keep every valid record of a damaged FILE, set the damaged
                      lines aside in FILE.damaged-<time>.jsonl beside it, and start
  --seed TEXT         seed of every derived id, salt and hash (same seed, same calls: same answers)
  --faults            honour X-Dev-Fault request headers (fault injection)
  --rpc ID=URL        use the chain at URL (your own anvil, or a fork) for chain ID instead of
                      starting one; repeatable
  --chain-port ID=PORT
                      start chain ID's anvil on PORT (refused when in use); repeatable. Without
                      it the chains listen on fixed ports after the server's: --port + 1 … + n,
                      by ascending chain id (8788 for chain 1 … 8792 for chain 42161 with the
                      default port), so a wagmi config written once keeps working
  --free-chain-ports  chains take free ports instead (and with --state the port each had last
                      time when that is still free); also what --port 0 does
  --simulated         no chains: deposits are not checked, payouts are not made (the default is
                      real local chains when @foundry-rs/anvil is installed)
  --min-client-version V
                      answer ClientOutdated to clients whose schema (Webrpc header) is older
                      than V (default: the first version of this schema's breaking digit)
  --cors-origin ORIGIN
                      give CORS headers to this browser origin only (http://localhost:5173);
                      repeatable (default: every origin, null included); the local chains
                      answer the same origins (default: loopback origins only)
  --string-bigints    write amounts as decimal strings; needed by JavaScript clients generated
                      from the OpenAPI document, which round JSON numbers past 2^53
  --stage-ms N        time of each receipt stage in ms (default ${SERVE_DEFAULTS.stageMs}: an intent settles
                      9 stages after ExecuteIntent, 6 on one chain); on chains too: deposit, origin
                      and destination each show SUCCEEDED 3 stages apart, so EXECUTING can be
                      watched; 50 settles one in half a second
  --confirmations N   on chains: paid out only once the deposit and the origin transaction are N
                      blocks deep (default 1: mined; local chains mine a block per transaction:
                      anvil_mine adds more)
  --fault OP=FAULT[xN]
                      the first N calls (default 1) of operation OP fail with FAULT, later ones
                      pass: a client's retries then succeed (QuoteIntent=429x3, GetIntent=503x2);
                      FAULT alone applies to any operation; repeatable; also honours X-Dev-Fault
                      FAULT is one of (as X-Dev-Fault takes):
${FAULT_HELP}
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

/** `--confirmations`: a whole number of blocks, 1 to 1000. */
function confirmationsOf(text: string): number {
  const n = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= 1 && n <= 1000))
    throw new UsageError(
      `--confirmations must be a whole number of blocks from 1 to 1000, not ${JSON.stringify(text)}`,
    );
  return n;
}

/** `--stage-ms`: a whole number of milliseconds, 1 to 600,000 (ten minutes a stage). */
function stageMsOf(text: string): number {
  const ms = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
  if (!(ms >= 1 && ms <= 600_000))
    throw new UsageError(
      `--stage-ms must be a whole number of milliseconds from 1 to 600000, not ${JSON.stringify(text)}`,
    );
  return ms;
}

/**
 * `--fault OPERATION=FAULT[xN]` (or `FAULT[xN]` for any operation). `xN` counts the calls, since
 * `429:S` already says the seconds of `Retry-After`.
 */
function faultRuleOf(text: string, operations: readonly string[]): FaultRule {
  const m = /^(?:([A-Za-z]+)=)?(.+?)(?:x(\d{1,6}))?$/.exec(text);
  const fault = m?.[2];
  const shape = "OPERATION=FAULT[xN] (QuoteIntent=429x3; see --help for the faults)";
  if (m === null || fault === undefined || parseFault(fault) === undefined)
    throw new UsageError(`--fault must be ${shape}, not ${JSON.stringify(text)}`);
  const operation = m[1];
  if (operation !== undefined && !operations.includes(operation))
    throw new UsageError(
      `--fault names no operation of the service: ${JSON.stringify(operation)} (operations: ${operations.join(", ")})`,
    );
  const times = m[3] === undefined ? 1 : Number(m[3]);
  if (times < 1)
    throw new UsageError(`--fault must fail at least one call, not ${JSON.stringify(text)}`);
  return { ...(operation === undefined ? {} : { operation }), fault, times };
}

/** The operations a `--fault` may name. */
const OPERATIONS: readonly string[] = Object.keys(operationTable);

/** The options of `serve`, as `parseArgs` reads them. */
const SERVE_OPTIONS: ArgOptions = {
  "string-bigints": { type: "boolean" },
  faults: { type: "boolean" },
  simulated: { type: "boolean" },
  repair: { type: "boolean" },
  "free-chain-ports": { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "V" },
  port: { type: "string" },
  host: { type: "string" },
  "access-key": { type: "string" },
  state: { type: "string" },
  seed: { type: "string" },
  rpc: { type: "string" },
  "stage-ms": { type: "string" },
  confirmations: { type: "string" },
  fault: { type: "string" },
  "min-client-version": { type: "string" },
  "cors-origin": { type: "string" },
  "chain-port": { type: "string" },
};

/** Whether `text` is written as one of `serve`'s flags (`--faults`, `-h`). */
function isFlag(text: string): boolean {
  const short = Object.values(SERVE_OPTIONS).some(
    (o) => o.type === "boolean" && `-${o.short}` === text,
  );
  const long = SERVE_OPTIONS[text.slice(2)];
  return short || (text.startsWith("--") && long?.type === "boolean");
}

/**
 * The value of an option of `serve`: after `=`, or the next argument unless it is another option
 * (`--port --faults` lacks one); `--name needs a value` when absent, `--name takes no value` for a
 * flag given one.
 */
function optionValue(item: Extract<ArgItem, { kind: "option" }>): string {
  const { name, value, inline } = item;
  if (SERVE_OPTIONS[item.key]?.type === "boolean") {
    if (inline) throw new UsageError(`${name} takes no value`);
    return "";
  }
  if (value === undefined || (!inline && (value.startsWith("--") || isFlag(value))))
    throw new UsageError(`${name} needs a value`);
  return value;
}

/** `ID=URL` of `--rpc`: a chain id and an http(s) URL. */
function rpcOf(text: string): [number, string] {
  const m = /^(\d{1,15})=(https?:\/\/\S+)$/.exec(text);
  if (m === null)
    throw new UsageError(
      `--rpc must be CHAIN_ID=URL (e.g. 42161=http://127.0.0.1:8545), not ${JSON.stringify(text.slice(0, 100))}`,
    );
  return [Number(m[1]), m[2] as string];
}

/** `ID=PORT` of `--chain-port`: a chain id and a port from 1 to 65535. */
function chainPortOf(text: string): [number, number] {
  const m = /^(\d{1,15})=(\d{1,5})$/.exec(text);
  const port = Number(m?.[2]);
  if (m === null || !(port >= 1 && port <= 65535))
    throw new UsageError(
      `--chain-port must be CHAIN_ID=PORT with a port from 1 to 65535 (e.g. 42161=8545), not ${JSON.stringify(text.slice(0, 100))}`,
    );
  return [Number(m[1]), port];
}

/** A browser origin as the `Origin` header sends it: `null`, or scheme, host and port only. */
function originOf(text: string): string {
  if (text === "null") return text;
  let origin: string | undefined;
  try {
    origin = new URL(text).origin;
  } catch {
    origin = undefined;
  }
  if (origin !== text)
    throw new UsageError(
      `--cors-origin needs an origin such as http://localhost:5173 (scheme, host, port; no path or trailing slash), not ${JSON.stringify(text.slice(0, 100))}`,
    );
  return text;
}

/** `v1.2.3` or `1.2.3`, as the dev server's `minClientVersion` takes it. */
function versionOf(name: string, text: string): string {
  if (!/^v?\d{1,9}\.\d{1,9}\.\d{1,9}$/.test(text))
    throw new UsageError(`${name} needs a version such as v1.2.0, not ${JSON.stringify(text)}`);
  return text;
}

/** Sets the option `key` (written `name`) of `out` from `value` (empty for a flag). */
function applyOption(out: ServeArgs, key: string, name: string, value: string): void {
  if (key === "port") out.port = portOf(value);
  else if (key === "host") out.host = nonEmpty(name, value);
  else if (key === "access-key") {
    out.accessKey = keyOf(value, name);
    out.accessKeyFrom = "option";
  } else if (key === "state") out.state = nonEmpty(name, value);
  else if (key === "seed") out.seed = nonEmpty(name, value);
  else if (key === "stage-ms") out.stageMs = stageMsOf(value);
  else if (key === "confirmations") out.confirmations = confirmationsOf(value);
  else if (key === "fault") out.faultRules = [...out.faultRules, faultRuleOf(value, OPERATIONS)];
  else if (key === "min-client-version") out.minClientVersion = versionOf(name, value);
  else if (key === "chain-port") {
    const [id, port] = chainPortOf(value);
    out.chainPorts[id] = port;
  } else if (key === "cors-origin") out.corsOrigins = [...out.corsOrigins, originOf(value)];
  else if (key === "rpc") {
    const [id, url] = rpcOf(value);
    out.rpc[id] = url;
  } else if (key === "string-bigints") out.stringBigints = true;
  else if (key === "faults") out.faults = true;
  else if (key === "simulated") out.chains = false;
  else if (key === "repair") out.repair = true;
  else if (key === "free-chain-ports") out.freeChainPorts = true;
  else if (key === "help") out.help = true;
  else out.version = true;
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
  const out: ServeArgs = { ...SERVE_DEFAULTS, rpc: {}, corsOrigins: [], chainPorts: {} };
  const fromEnv = env[SERVE_ENV.accessKey];
  if (fromEnv !== undefined && fromEnv !== "") {
    out.accessKey = keyOf(fromEnv, SERVE_ENV.accessKey);
    out.accessKeyFrom = "environment";
  }
  for (const item of readArgs(args, SERVE_OPTIONS)) {
    if (item.kind !== "option") throw unexpectedArg(item);
    applyOption(out, item.key, item.name, optionValue(item));
  }
  if (out.repair && out.state === undefined)
    throw new UsageError("--repair needs --state FILE (the state file to repair)");
  return out;
}
