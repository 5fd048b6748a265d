/**
 * The dev server's chains: one anvil per catalogue chain on loopback, each server its own, with
 * the catalogue's tokens in place and the test accounts funded. Started in parallel; if one fails,
 * the others are stopped before the error is passed on.
 */
import type { Catalogue } from "../market/index.js";
import { NATIVE_TOKEN } from "../market/index.js";
import { SERVICE_ACCOUNT, type TestAccount, USER_ACCOUNTS } from "./accounts.js";
import { type AnvilProcess, startAnvil } from "./anvil-process.js";
import { FILLER_ADDRESS, placeFiller } from "./filler.js";
import { jsonRpc, type Rpc } from "./rpc.js";
import { defaultHoldings, placeTokens } from "./tokens.js";

/** A chain the dev server reads and writes. */
export interface ChainEndpoint {
  /** Its JSON-RPC URL. */
  readonly rpcUrl: string;
}

/** The chains of one dev server. */
export interface ChainSet {
  /** Each chain's endpoint, by chain id. */
  readonly chains: Readonly<Record<number, ChainEndpoint>>;
  /** The funded accounts offered to users (public test keys). */
  readonly testAccounts: readonly TestAccount[];
  /** The service's own account (filler, relayer, refunds). */
  readonly serviceAccount: TestAccount;
  /** The JSON-RPC endpoint of `chainId`, or `undefined` for a chain not served. */
  rpc(chainId: number): Rpc | undefined;
  /** Stops the chains this set started (none for URLs it was given); resolves once they exited. */
  close(): Promise<void>;
}

/** Options of `startLocalChains`. */
export interface LocalChainOptions {
  /** The anvil binary. */
  binary: string;
  /** The catalogue whose chains and tokens to set up. */
  catalogue: Catalogue;
}

/** Starts one anvil per chain of the catalogue and sets each up. */
export async function startLocalChains(options: LocalChainOptions): Promise<ChainSet> {
  const { catalogue, binary } = options;
  const processes: AnvilProcess[] = [];
  const started = catalogue.chains.map(async (chain) => {
    const anvil = await startAnvil({ binary, chainId: chain.chainId });
    processes.push(anvil);
    const rpc = jsonRpc(anvil.rpcUrl);
    const tokens = catalogue.tokens.filter(
      (t) => t.chainId === chain.chainId && t.address.toLowerCase() !== NATIVE_TOKEN,
    );
    await Promise.all([
      placeTokens(rpc, tokens, defaultHoldings(USER_ACCOUNTS, FILLER_ADDRESS)),
      placeFiller(rpc),
    ]);
    return [chain.chainId, rpc] as const;
  });
  const results = await Promise.allSettled(started);
  const failure = results.find((r) => r.status === "rejected");
  if (failure !== undefined) {
    await Promise.all(processes.map((p) => p.stop()));
    throw failure.reason;
  }
  const rpcs = new Map(
    results.map((r) => (r as PromiseFulfilledResult<readonly [number, Rpc]>).value),
  );
  const chains: Record<number, ChainEndpoint> = {};
  for (const [id, rpc] of rpcs) chains[id] = Object.freeze({ rpcUrl: rpc.url });
  let closing: Promise<void> | undefined;
  return {
    chains: Object.freeze(chains),
    testAccounts: USER_ACCOUNTS,
    serviceAccount: SERVICE_ACCOUNT,
    rpc: (chainId) => rpcs.get(chainId),
    close() {
      closing ??= Promise.all(processes.map((p) => p.stop())).then(() => undefined);
      return closing;
    },
  };
}
