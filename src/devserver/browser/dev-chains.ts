/**
 * `devChains(url, accessKey)`: a dev server's chains as viem `Chain` objects for a wagmi config,
 * read from its discovery call `GET {url}/dev/chains`. Browser-safe (fetch only). The answer is
 * checked and copied field by field: a server sending something else gets a typed error, never
 * its own objects passed on.
 */
import type { LocalChainDefinition } from "./chain-definition.js";
import { DevChainsError } from "./errors.js";

/** The path of the discovery call, under the server's base URL. */
export const DEV_CHAINS_PATH = "/dev/chains";

/** Options of `devChains`. */
export interface DevChainsOptions {
  /** The `fetch` to use (default: the global one). */
  fetch?: typeof fetch;
  /** Stops the call. */
  signal?: AbortSignal;
}

/** A non-empty list of chains, as wagmi's `createConfig({ chains })` takes it. */
export type DevChainList = readonly [LocalChainDefinition, ...LocalChainDefinition[]];

const MAX_BODY = 1_000_000;
const URL_RE = /^https?:\/\/[^\s]+$/;

/** One chain of the answer, checked and copied; `undefined` when it is not of the right shape. */
function chainOf(id: string, entry: unknown): LocalChainDefinition | undefined {
  const c = (entry as { chain?: unknown } | null)?.chain as Record<string, unknown> | undefined;
  const rpc = (entry as { rpcUrl?: unknown } | null)?.rpcUrl;
  const currency = c?.nativeCurrency as Record<string, unknown> | undefined;
  if (
    !/^\d{1,15}$/.test(id) ||
    c?.id !== Number(id) ||
    typeof c.name !== "string" ||
    c.name.length > 200 ||
    typeof rpc !== "string" ||
    !URL_RE.test(rpc) ||
    typeof currency?.symbol !== "string" ||
    typeof currency.name !== "string" ||
    currency.decimals !== 18
  )
    return undefined;
  return {
    id: Number(id),
    name: c.name,
    nativeCurrency: { name: currency.name, symbol: currency.symbol, decimals: 18 },
    rpcUrls: { default: { http: [rpc] } },
    testnet: true,
  };
}

/**
 * The chains of the dev server at `url`, by ascending chain id, each with its local RPC URL: pass
 * them to wagmi's `createConfig({ chains, transports })`. With `serve`'s fixed chain ports the
 * URLs are the same at every start, so the list may also be written once into the app.
 *
 * @example
 * const chains = await devChains("http://127.0.0.1:8787", accessKey);
 * const config = createConfig({ chains, transports: Object.fromEntries(chains.map((c) => [c.id, http()])) });
 * @throws {DevChainsError} when the server refuses, runs without chains, or answers another shape.
 */
export async function devChains(
  url: string,
  accessKey: string,
  options: DevChainsOptions = {},
): Promise<DevChainList> {
  const base = url.replace(/\/+$/, "");
  const res = await (options.fetch ?? fetch)(`${base}${DEV_CHAINS_PATH}`, {
    headers: { "X-Access-Key": accessKey },
    // The key goes to this origin only: a redirect is an answer, not followed.
    redirect: "manual",
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text.length > MAX_BODY ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (res.status !== 200) {
    const name = (body as { error?: unknown } | undefined)?.error;
    throw new DevChainsError(
      `${base}${DEV_CHAINS_PATH} answered ${res.status}${typeof name === "string" ? ` ${name.slice(0, 40)}` : ""}: is it a dev server, and is the access key the one it printed?`,
      res.status,
    );
  }
  const { mode, chains } = (body ?? {}) as { mode?: unknown; chains?: unknown };
  if (mode === "simulated")
    throw new DevChainsError(
      `the dev server at ${base} runs the simulated mode (no chains): install @foundry-rs/anvil and start it without --simulated`,
      200,
    );
  if (mode !== "chains" || typeof chains !== "object" || chains === null)
    throw new DevChainsError(`${base}${DEV_CHAINS_PATH} is not a dev server's answer`, 200);
  const list = Object.entries(chains).map(([id, entry]) => chainOf(id, entry));
  if (list.length === 0 || list.some((c) => c === undefined))
    throw new DevChainsError(`${base}${DEV_CHAINS_PATH} describes a chain in another shape`, 200);
  const sorted = (list as LocalChainDefinition[]).sort((a, b) => a.id - b.id);
  return sorted as unknown as DevChainList;
}
