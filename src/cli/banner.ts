/**
 * What `serve` prints once it listens: the base URL and key to give `createClient`, and how the
 * server writes amounts, keeps state and injects faults, each with the option that changes it.
 */

/** What the banner shows. */
export interface BannerInput {
  version: string;
  /** Base URL for `createClient` (operations are under `/rpc/Service/`). */
  url: string;
  accessKey: string;
  /** Where the key came from. */
  keySource: "option" | "environment" | "state" | "generated";
  bigintAs: "number" | "string";
  faults: boolean;
  /** The connection cap and the open-file limit it was derived from. */
  connections: { maxConnections: number; descriptorLimit: number | undefined };
  /** The state file and how many intents it brought back; `undefined` when in memory only. */
  state: { file: string; restored: number; skipped: number; resumed?: number } | undefined;
  /** Browser origins given CORS headers; empty or absent: every origin. */
  corsOrigins?: readonly string[];
  /** Time of each receipt stage, in ms; not shown when absent. */
  stageMs?: number;
  /** Faults scheduled from the command line. */
  faultRules?: readonly { operation?: string; fault: string; times?: number }[];
  /** The mode, the chains' RPC URLs and one funded test account; absent: not shown. */
  chains?: {
    mode: "chains" | "simulated";
    endpoints: Readonly<Record<number, { rpcUrl: string }>>;
    account: { address: string; privateKey: string } | undefined;
    /** Chains whose port `--chain-port` pinned. */
    pinned?: readonly number[];
    /** Chains given by `--rpc` (not started by the server). */
    rpc?: readonly number[];
    /** Whether a state file keeps the ports for the next start. */
    kept?: boolean;
    /** Whether the chains not pinned have fixed ports after the server's. */
    fixed?: boolean;
  };
}

/**
 * The receipt-stage row: how long an intent takes to settle, and the option that changes it. On
 * real chains the stages pace the execution too (no sooner; a slow chain may take longer).
 */
function stagesRow(stageMs: number, onChains: boolean): string {
  const settle = (stages: number) => {
    const ms = stages * stageMs;
    return ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
  };
  const chains = onChains
    ? `; on the chains too: deposit, origin and destination each show SUCCEEDED ${settle(3)} after the one before (EXECUTING meanwhile)`
    : "";
  return (
    `${stageMs} ms each: an intent settles ${settle(9)} after ExecuteIntent (${settle(6)} on one ` +
    `chain); --stage-ms N changes it${chains}`
  );
}

/** The faults row: off, on for `X-Dev-Fault`, and the scheduled ones. */
function faultsRow(b: BannerInput): string {
  if (!b.faults) return "off (--faults turns on X-Dev-Fault; --fault OP=FAULT[xN] schedules)";
  const rules = (b.faultRules ?? []).map(
    (r) => `${r.operation ?? "any operation"}=${r.fault} x${r.times ?? 1}`,
  );
  const scheduled = rules.length === 0 ? "" : `; first calls failing: ${rules.join(", ")}`;
  return `on (X-Dev-Fault request header${scheduled})`;
}

/** The rows about the chains: the mode, each chain's RPC URL, one funded account. */
function chainRows(c: NonNullable<BannerInput["chains"]>): [string, string][] {
  if (c.mode === "simulated")
    return [["mode", "simulated: no chain; deposits are not checked, payouts are not made"]];
  const rows: [string, string][] = [
    ["mode", "real local chains: deposits checked on chain, payouts made on chain"],
  ];
  for (const [id, e] of Object.entries(c.endpoints)) {
    const n = Number(id);
    const how = c.rpc?.includes(n)
      ? "given by --rpc"
      : c.pinned?.includes(n)
        ? "port pinned by --chain-port"
        : c.fixed
          ? "fixed port: --port + 1 … + n; --free-chain-ports for new ones"
          : c.kept
            ? "port kept with --state: reused at the next start when free"
            : "a new port each start: --state FILE keeps it, --chain-port ID=PORT pins it";
    rows.push([`chain ${id}`, `${e.rpcUrl}   (${how})`]);
  }
  if (c.account !== undefined) {
    rows.push(["account", `${c.account.address}   (funded: native currency and every token)`]);
    rows.push([
      "key",
      `${c.account.privateKey}   (a PUBLIC test key: anvil's test mnemonic; never for real funds)`,
    ]);
  }
  return rows;
}

const KEY_SOURCES: Record<BannerInput["keySource"], string> = {
  option: "from --access-key",
  environment: "from XCHAIN_INTENTS_ACCESS_KEY",
  state: "kept in the state file",
  generated: "generated: --access-key KEY or XCHAIN_INTENTS_ACCESS_KEY keeps one across restarts",
};

/**
 * How to stop it, as the README's "Signals" paragraph says: npm and npx do not pass SIGTERM on,
 * so a SIGTERM to npm leaves this process running.
 */
export const SIGNAL_LINE =
  "Stops on Ctrl-C, or SIGTERM to this process (under npm run or npx, a SIGTERM to npm does " +
  "not reach it: signal node itself).";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The state row: memory only, or the file with what it brought back. */
function stateRow(b: BannerInput): string {
  const s = b.state;
  if (s === undefined)
    return "memory only (--state FILE keeps intents, receipts and the key across restarts)";
  const parts = [`${plural(s.restored, "intent")} restored`];
  if (s.skipped > 0) parts.push(`${s.skipped} entries skipped`);
  if (s.resumed) parts.push(`${plural(s.resumed, "execution")} on chain resumed`);
  const chains = b.chains?.mode === "chains" ? "; the chains' state is kept beside it" : "";
  return `${s.file} (${parts.join(", ")}${chains})`;
}

/** The banner text, ending with a newline. */
export function bannerText(b: BannerInput): string {
  const bigints =
    b.bigintAs === "string"
      ? "decimal strings (webrpc's form)"
      : "JSON numbers, every digit; a client that reads numbers as doubles (most generated from the OpenAPI) sends X-Bigint-As: string, or start with --string-bigints";
  const state = stateRow(b);
  const { maxConnections, descriptorLimit } = b.connections;
  const limit = descriptorLimit === undefined ? "" : ` (open-file limit ${descriptorLimit})`;
  const rows: [string, string][] = [
    ["base URL", b.url],
    ["access key", `${b.accessKey}   (${KEY_SOURCES[b.keySource]})`],
    ["bigints", bigints],
    ["state", state],
    ["connections", `at most ${maxConnections}${limit}; the longest idle is closed for a new one`],
    ["faults", faultsRow(b)],
    [
      "CORS",
      b.corsOrigins === undefined || b.corsOrigins.length === 0
        ? "every browser origin (--cors-origin ORIGIN allows only those given)"
        : `only ${b.corsOrigins.join(", ")}`,
    ],
    ...(b.chains === undefined ? [] : chainRows(b.chains)),
  ];
  if (b.stageMs !== undefined)
    rows.push(["stages", stagesRow(b.stageMs, b.chains?.mode === "chains")]);
  return [
    `xchain-intents dev server ${b.version}`,
    ...rows.map(([label, value]) => `  ${`${label}:`.padEnd(13)}${value}`),
    "",
    `  createClient({ baseUrl: ${JSON.stringify(b.url)}, accessKey: ${JSON.stringify(b.accessKey)} })`,
    "",
    SIGNAL_LINE,
    "",
  ].join("\n");
}
