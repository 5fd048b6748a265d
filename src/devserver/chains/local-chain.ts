/**
 * How the dev server describes its chains to users: each chain's RPC URL and a chain definition
 * shaped like viem's `Chain` (a plain object: the devserver entry does not depend on viem), and
 * the funded test accounts with their keys typed as viem takes them. `srv.chains`,
 * `srv.testAccounts` and the discovery endpoint `GET /dev/chains` all come from here.
 */

// The chain's shape lives in the browser-safe room, which browser apps import without Node.
import type { LocalChainDefinition } from "../browser/index.js";
import type { Catalogue } from "../market/index.js";
import type { ChainSet } from "./local-chains.js";

export type { LocalChainDefinition };

/** One chain of a dev server on real chains: `srv.chains[42161]`. */
export interface LocalChain {
  /** Its JSON-RPC URL. */
  readonly rpcUrl: string;
  /** A viem-compatible chain definition of it (`defineChain` not needed). */
  readonly chain: LocalChainDefinition;
}

/** A funded test account: a PUBLIC test key (anvil's test mnemonic), never for real funds. */
export interface DevTestAccount {
  /** EIP-55 checksummed address. */
  readonly address: `0x${string}`;
  /** Its private key, as `privateKeyToAccount` takes it. */
  readonly privateKey: `0x${string}`;
}

/** What `GET /dev/chains` answers: the mode, each chain, and the funded test accounts. */
export interface DevChainsInfo {
  /** `chains` (deposits checked and payouts made on chain) or `simulated` (no chain). */
  readonly mode: "chains" | "simulated";
  /** Each chain by id; empty when simulated. */
  readonly chains: Readonly<Record<number, LocalChain>>;
  /** The funded test accounts; empty when simulated. */
  readonly testAccounts: readonly DevTestAccount[];
}

/** The description of `set`'s chains, named from `catalogue`. */
export function describeChains(set: ChainSet | undefined, catalogue: Catalogue): DevChainsInfo {
  if (set === undefined) return { mode: "simulated", chains: {}, testAccounts: [] };
  const chains: Record<number, LocalChain> = {};
  for (const [id, endpoint] of Object.entries(set.chains)) {
    const chainId = Number(id);
    const entry = catalogue.chains.find((c) => c.chainId === chainId);
    const symbol = entry?.nativeSymbol ?? "ETH";
    chains[chainId] = Object.freeze({
      rpcUrl: endpoint.rpcUrl,
      chain: Object.freeze({
        id: chainId,
        name: `${entry?.name ?? `chain ${chainId}`} (local)`,
        nativeCurrency: { name: symbol === "ETH" ? "Ether" : symbol, symbol, decimals: 18 },
        rpcUrls: { default: { http: [endpoint.rpcUrl] as const } },
        testnet: true as const,
      }),
    });
  }
  const testAccounts = set.testAccounts.map((a) =>
    Object.freeze({ address: a.address, privateKey: a.privateKey }),
  );
  return {
    mode: "chains",
    chains: Object.freeze(chains),
    testAccounts: Object.freeze(testAccounts),
  };
}
