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
  state: { file: string; restored: number; skipped: number } | undefined;
  /** The mode, the chains' RPC URLs and one funded test account; absent: not shown. */
  chains?: {
    mode: "chains" | "simulated";
    endpoints: Readonly<Record<number, { rpcUrl: string }>>;
    account: { address: string; privateKey: string } | undefined;
  };
}

/** The rows about the chains: the mode, each chain's RPC URL, one funded account. */
function chainRows(c: NonNullable<BannerInput["chains"]>): [string, string][] {
  if (c.mode === "simulated")
    return [["mode", "simulated: no chain; deposits are not checked, payouts are not made"]];
  const rows: [string, string][] = [
    ["mode", "real local chains: deposits checked on chain, payouts made on chain"],
  ];
  for (const [id, e] of Object.entries(c.endpoints)) rows.push([`chain ${id}`, e.rpcUrl]);
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

/** The banner text, ending with a newline. */
export function bannerText(b: BannerInput): string {
  const bigints =
    b.bigintAs === "string"
      ? "decimal strings (webrpc's form)"
      : "JSON numbers, every digit; clients generated from the OpenAPI in JavaScript round them past 2^53: start with --string-bigints for those";
  const state =
    b.state === undefined
      ? "memory only (--state FILE keeps intents, receipts and the key across restarts)"
      : `${b.state.file} (${b.state.restored} intent${b.state.restored === 1 ? "" : "s"} restored${b.state.skipped > 0 ? `, ${b.state.skipped} entries skipped` : ""})`;
  const { maxConnections, descriptorLimit } = b.connections;
  const limit = descriptorLimit === undefined ? "" : ` (open-file limit ${descriptorLimit})`;
  const rows: [string, string][] = [
    ["base URL", b.url],
    ["access key", `${b.accessKey}   (${KEY_SOURCES[b.keySource]})`],
    ["bigints", bigints],
    ["state", state],
    ["connections", `at most ${maxConnections}${limit}; the longest idle is closed for a new one`],
    [
      "faults",
      b.faults ? "on (X-Dev-Fault request header)" : "off (--faults turns on X-Dev-Fault)",
    ],
    ...(b.chains === undefined ? [] : chainRows(b.chains)),
  ];
  return [
    `xchain-intents dev server ${b.version}`,
    ...rows.map(([label, value]) => `  ${`${label}:`.padEnd(13)}${value}`),
    "",
    `  createClient({ baseUrl: ${JSON.stringify(b.url)}, accessKey: ${JSON.stringify(b.accessKey)} })`,
    "",
    "Stops on Ctrl-C or SIGTERM.",
    "",
  ].join("\n");
}
