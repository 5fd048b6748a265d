/**
 * The dev server's chains: one anvil per catalogue chain on loopback, each server its own, with
 * the catalogue's tokens in place and the test accounts funded. Started in parallel; if one fails,
 * the others are stopped before the error is passed on. A chain whose state is kept in a file is
 * loaded from it as it was (tokens, balances, transactions), and set up only when it starts afresh.
 * Browsers reach a chain this set starts through its origin guard (`origin-guard.ts`), whose URL
 * is the chain's RPC URL; the server's own calls go to anvil directly.
 */
import { rmSync } from "node:fs";
import type { Catalogue } from "../market/index.js";
import { NATIVE_TOKEN } from "../market/index.js";
import { SERVICE_ACCOUNT, type TestAccount, USER_ACCOUNTS } from "./accounts.js";
import { type AnvilProcess, startAnvil } from "./anvil-process.js";
import { FILLER_ADDRESS, placeFiller } from "./filler.js";
import { chainOriginRule, guardOrigins, type OriginGuard } from "./origin-guard.js";
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
  /** Process ids of the anvil processes this set started (their watchdogs on POSIX systems). */
  readonly pids: readonly number[];
  /** Stops the chains this set started (none for URLs it was given); resolves once they exited. */
  close(): Promise<void>;
}

/** Options of `startLocalChains`. */
export interface LocalChainOptions {
  /** The anvil binary; needed unless every chain has a URL in `rpcUrls`. */
  binary: string | undefined;
  /** The catalogue whose chains and tokens to set up. */
  catalogue: Catalogue;
  /**
   * JSON-RPC URLs of chains the user runs (their own anvil, a fork), by chain id: used instead of
   * starting one. The node must offer anvil's methods (`anvil_setCode`, impersonation).
   */
  rpcUrls?: Readonly<Record<number, string>>;
  /**
   * Keeps the state of each chain this set starts in the file it names (see `startAnvil`):
   * loaded when `load` is true and the file exists, else started afresh (an old file removed).
   */
  state?: { path: (chainId: number) => string; load: boolean };
  /** The port of each chain this set starts, by chain id; a free one where none is given. */
  ports?: Readonly<Record<number, number>>;
  /**
   * Browser origins the chains this set starts answer (the dev server's `corsOrigins`); loopback
   * origins when absent or empty.
   */
  corsOrigins?: readonly string[];
}

/** The endpoint of a chain the user runs, checked to serve `chainId`. */
async function userChain(url: string, chainId: number): Promise<Rpc> {
  const rpc = jsonRpc(url);
  const served = Number(await rpc.call<string>("eth_chainId"));
  if (served !== chainId)
    throw new Error(`the node at ${url} serves chain ${served}, not chain ${chainId}`);
  // The service sends from its account whether or not the node holds its key.
  await rpc.batch([
    { method: "anvil_impersonateAccount", params: [SERVICE_ACCOUNT.address] },
    { method: "anvil_setBalance", params: [SERVICE_ACCOUNT.address, "0x21e19e0c9bab2400000"] },
  ]);
  return rpc;
}

/** Starts one anvil per chain of the catalogue (or uses the given URL) and sets each up. */
export async function startLocalChains(options: LocalChainOptions): Promise<ChainSet> {
  const { catalogue, binary } = options;
  const processes: AnvilProcess[] = [];
  const guards: OriginGuard[] = [];
  const published = new Map<number, string>();
  const allowed = chainOriginRule(options.corsOrigins);
  const started = catalogue.chains.map(async (chain) => {
    const given = options.rpcUrls?.[chain.chainId];
    let rpc: Rpc;
    if (given !== undefined) rpc = await userChain(given, chain.chainId);
    else {
      if (binary === undefined)
        throw new Error(`no RPC URL for chain ${chain.chainId} and anvil is not installed`);
      const statePath = options.state?.path(chain.chainId);
      if (statePath !== undefined && options.state?.load !== true)
        rmSync(statePath, { force: true });
      // No CORS header from anvil itself: browsers come through the guard, on the chain's port.
      const anvil = await startAnvil({
        binary,
        chainId: chain.chainId,
        port: 0,
        extraArgs: ["--no-cors"],
        ...(statePath === undefined ? {} : { statePath }),
      });
      processes.push(anvil);
      const guard = await guardOrigins(anvil.rpcUrl, options.ports?.[chain.chainId] ?? 0, allowed);
      guards.push(guard);
      published.set(chain.chainId, guard.url);
      rpc = jsonRpc(anvil.rpcUrl);
      // A chain loaded from its kept state has its tokens, filler and balances already.
      if (anvil.loadedState) return [chain.chainId, rpc] as const;
    }
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
  const stopAll = () =>
    Promise.all([...processes.map((p) => p.stop()), ...guards.map((g) => g.close())]);
  if (failure !== undefined) {
    await stopAll();
    throw failure.reason;
  }
  const rpcs = new Map(
    results.map((r) => (r as PromiseFulfilledResult<readonly [number, Rpc]>).value),
  );
  const chains: Record<number, ChainEndpoint> = {};
  for (const [id, rpc] of rpcs)
    chains[id] = Object.freeze({ rpcUrl: published.get(id) ?? rpc.url });
  let closing: Promise<void> | undefined;
  return {
    chains: Object.freeze(chains),
    testAccounts: USER_ACCOUNTS,
    serviceAccount: SERVICE_ACCOUNT,
    rpc: (chainId) => rpcs.get(chainId),
    pids: processes.flatMap((p) => (p.pid === undefined ? [] : [p.pid])),
    close() {
      closing ??= stopAll().then(() => undefined);
      return closing;
    },
  };
}
