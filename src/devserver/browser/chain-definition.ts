/** The shape of a dev server's chain as browser apps and viem take it. */

/** A chain definition shaped like viem's `Chain`: pass it to `createWalletClient({ chain })`. */
export interface LocalChainDefinition {
  /** EVM chain id. */
  readonly id: number;
  /** Display name, e.g. `Arbitrum One (local)`. */
  readonly name: string;
  /** The native currency (18 decimals on every catalogue chain). */
  readonly nativeCurrency: {
    readonly name: string;
    readonly symbol: string;
    readonly decimals: number;
  };
  /** The local node's JSON-RPC URL. */
  readonly rpcUrls: { readonly default: { readonly http: readonly [string] } };
  /** A local test chain, never a real network. */
  readonly testnet: true;
}
