/**
 * The demo against a service given by `--base-url`: it asks the service for its chains with the
 * dev server's discovery call, `GET {baseUrl}/dev/chains` (with the access key). A dev server on
 * chains answers with its RPC URLs and funded test accounts, and the demo then deposits for real
 * from a test account; a simulated one says so; any other answer (a service that is not a dev
 * server, a refusal, a body of the wrong shape) means the demo has no wallet there.
 */

import { DEV_CHAINS_PATH } from "../devserver/index.js";

/** A dev server's chains and test accounts, as the demo uses them. */
export interface DiscoveredChains {
  /** `chains`, or `simulated` (any deposit hash is accepted). */
  mode: "chains" | "simulated";
  /** RPC URL by chain id. */
  rpcUrls: Record<number, string>;
  /** The funded test accounts (public test keys). */
  testAccounts: { address: string; privateKey: `0x${string}` }[];
}

/** The path of the discovery call, as the dev server serves it. */
export const DISCOVERY_PATH = DEV_CHAINS_PATH;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const KEY = /^0x[0-9a-fA-F]{64}$/;

/** The answer's chains and accounts, or `undefined` when it is not the dev server's shape. */
export function readDiscovery(body: unknown): DiscoveredChains | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { mode, chains, testAccounts } = body as Record<string, unknown>;
  if (mode !== "chains" && mode !== "simulated") return undefined;
  if (typeof chains !== "object" || chains === null || !Array.isArray(testAccounts))
    return undefined;
  const rpcUrls: Record<number, string> = {};
  for (const [id, chain] of Object.entries(chains)) {
    const url = (chain as { rpcUrl?: unknown } | null)?.rpcUrl;
    if (!/^\d{1,15}$/.test(id) || typeof url !== "string" || !/^https?:\/\//.test(url))
      return undefined;
    rpcUrls[Number(id)] = url;
  }
  const accounts: DiscoveredChains["testAccounts"] = [];
  for (const a of testAccounts as unknown[]) {
    const { address, privateKey } = (a ?? {}) as Record<string, unknown>;
    if (typeof address !== "string" || !ADDRESS.test(address)) return undefined;
    if (typeof privateKey !== "string" || !KEY.test(privateKey)) return undefined;
    accounts.push({ address, privateKey: privateKey as `0x${string}` });
  }
  if (mode === "chains" && (accounts.length === 0 || Object.keys(rpcUrls).length === 0))
    return undefined;
  return { mode, rpcUrls, testAccounts: accounts };
}

/**
 * Asks `baseUrl` for its chains; `undefined` when it does not answer as a dev server does. The key
 * goes to `baseUrl`'s origin only (no redirect is followed).
 */
export async function discoverChains(
  baseUrl: string,
  accessKey: string | undefined,
): Promise<DiscoveredChains | undefined> {
  try {
    const res = await fetch(`${baseUrl}${DISCOVERY_PATH}`, {
      headers: accessKey === undefined ? {} : { "X-Access-Key": accessKey },
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status !== 200) {
      await res.body?.cancel();
      return undefined;
    }
    const text = await res.text();
    return text.length > 1_000_000 ? undefined : readDiscovery(JSON.parse(text));
  } catch {
    // Not reachable, not JSON: the first call of the client says what is wrong.
    return undefined;
  }
}
