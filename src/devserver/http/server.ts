/**
 * `startDevServer`: the handler on a loopback HTTP port, plus a socket-less `fetch` that calls the
 * handler directly (same answers, no network; an injected reset becomes a rejected promise as
 * fetch's network errors are).
 */

import { ANVIL_INSTALL, type ChainSet, findAnvil, startLocalChains } from "../chains/index.js";
import type { DevServerOptions } from "../config/index.js";
import type { Clock, DevServerStats } from "../core/index.js";
import type { FaultRule } from "../faults/index.js";
import { defaultCatalogue } from "../market/index.js";
import { choosePorts, discardKeptPorts, readKeptPorts, writeKeptPorts } from "./chain-ports.js";
import {
  chainStatePath,
  discardChains,
  forgetChains,
  recordChains,
  waitForPreviousChains,
} from "./chain-state.js";
import {
  type ConnectionLimits,
  type ConnectionOptions,
  connectionLimits,
} from "./connection-limits.js";
import { openFileLimit } from "./descriptor-limit.js";
import { createDevHandler, type DevHandler } from "./handler.js";
import { listen } from "./listener.js";
import { type DevTestAccount, describeChains, type LocalChain } from "./local-chain.js";
import type { RestoredState } from "./state.js";
import { openStateFile, type StateFile } from "./state-file.js";

/** Options of `startDevServer`: the handler's, plus where to listen. */
export interface StartOptions extends DevServerOptions {
  /** Port; 0 (default) picks a free one. */
  port?: number;
  /** Interface; default `127.0.0.1`. */
  host?: string;
  /** Connection cap and timeouts; by default the cap is derived from the open-file limit. */
  connections?: ConnectionOptions;
  /**
   * A file that keeps intents, receipts and the access keys across restarts (`serve --state`):
   * replayed at start, each change written and synced before it is answered. One server per file:
   * a second start on a file in use refuses, naming the process that holds it (lock `FILE.lock`).
   * On real chains, each chain the server starts keeps its state beside it
   * (`FILE.chain-<id>.json`, written when the chain stops, also when the server is killed), and
   * executions that had not ended resume where the chains show them.
   */
  stateFile?: string;
  /**
   * Real local chains: `true` starts one anvil per catalogue chain on loopback (each server its
   * own), with every catalogue token at its canonical address and the test accounts funded (see
   * `srv.chains`, `srv.testAccounts`); needs the optional peer dependency `@foundry-rs/anvil`.
   * An object `{ 42161: "http://127.0.0.1:8545" }` uses the chains at those URLs (your own anvil,
   * or one forking a real network; a token whose address already holds code keeps it) and starts
   * the others. `"auto"` (what `serve` and the demo use): chains when anvil is installed, else the
   * simulated mode with `srv.notice` saying how to install it. `false` (default): the simulated
   * mode, no chain, any deposit hash accepted.
   */
  chains?: boolean | "auto" | Readonly<Record<number, string>>;
  /**
   * The port of each chain the server starts, by chain id (`{ 42161: 8545 }`; `serve --chain-port
   * 42161=8545`): a start refuses, naming it, when one is in use. Chains not named here get a free
   * port, and with a state file the port each chain had last time when it is still free (kept in
   * `FILE.chain-ports.json`), so that RPC URLs survive a restart.
   */
  chainPorts?: Readonly<Record<number, number>>;
}

/** A running dev server. */
export interface DevServer {
  /** Base URL, e.g. `http://127.0.0.1:54321` (operations under `/rpc/Service/`). */
  readonly url: string;
  /** The first access key (the generated dev key by default). */
  readonly accessKey: string;
  /** A WHATWG `fetch` that calls the handler with no socket. Relative URLs resolve against `url`. */
  readonly fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /** The server's clock. */
  readonly clock: Clock;
  /** The web-standard handler. */
  readonly handler: DevHandler;
  /** The connection cap and timeouts in force. */
  readonly connections: ConnectionLimits;
  /** Whether deposits and payouts happen on real local chains or are simulated. */
  readonly mode: "chains" | "simulated";
  /**
   * Each chain by chain id, empty when simulated: its JSON-RPC URL (`srv.chains[42161].rpcUrl`)
   * and a chain definition shaped like viem's `Chain` (`srv.chains[42161].chain`, for
   * `createWalletClient({ chain, transport: http() })` with no `defineChain`). The same is served
   * at `GET {srv.url}/dev/chains` to a request with the access key.
   */
  readonly chains: Readonly<Record<number, LocalChain>>;
  /**
   * Accounts funded with native currency and every catalogue token on every chain, with their
   * private keys: PUBLIC test keys (anvil's test mnemonic), never for real funds. The first is
   * the demo's owner. Empty when simulated.
   */
  readonly testAccounts: readonly DevTestAccount[];
  /**
   * Why the server runs simulated although chains were asked for with `"auto"` (anvil is not
   * installed), with the command that installs it; `undefined` otherwise. Say it once.
   */
  readonly notice: string | undefined;
  /** What the state (file) brought back at start; `undefined` without one. */
  readonly restored: RestoredState | undefined;
  /** Schedules faults at run time (and enables fault injection). */
  injectFaults(rules: FaultRule[]): void;
  /** Counters: requests per operation, commits and executions that took effect, faults, rate-limited, what the store holds and how many intents it evicted. */
  stats(): DevServerStats;
  /** Stops listening, ends long polls, drops open connections and stops the chains it started. */
  close(): Promise<void>;
}

/**
 * Starts the dev server.
 *
 * @example
 * const srv = await startDevServer({ port: 0 });
 * const res = await fetch(`${srv.url}/rpc/Service/Ping`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
 * await srv.close();
 */
export async function startDevServer(options: StartOptions = {}): Promise<DevServer> {
  const limits = connectionLimits(options.connections ?? {}, openFileLimit());
  if (options.stateFile !== undefined && options.state !== undefined)
    throw new TypeError("give stateFile or state, not both");
  const file = options.stateFile === undefined ? undefined : openStateFile(options.stateFile);
  let chains: ChainSet | undefined;
  let handler: DevHandler;
  const binary = options.chains === undefined || options.chains === false ? undefined : findAnvil();
  const notice =
    options.chains === "auto" && binary === undefined
      ? `anvil is not installed: running the simulated mode (no chain; any deposit hash is accepted). For real local chains: ${ANVIL_INSTALL}`
      : undefined;
  try {
    chains =
      options.chains === undefined || options.chains === false || notice !== undefined
        ? undefined
        : await startChains(options, binary, file);
    handler = createDevHandler(file === undefined ? options : { ...options, state: file }, chains);
  } catch (e) {
    await chains?.close();
    discard(file, options);
    throw e;
  }
  const listening = listen(
    handler,
    options.port ?? 0,
    options.host ?? "127.0.0.1",
    options.maxBodyBytes ?? 1024 * 1024,
    limits,
  );
  const { server, url } = await listening.catch(async (e: unknown) => {
    handler.close();
    await chains?.close();
    discard(file, options);
    throw e;
  });
  const fetchViaHandler = async (
    input: RequestInfo | URL,
    init?: RequestInit,
  ): Promise<Response> => {
    const target = typeof input === "string" && input.startsWith("/") ? new URL(input, url) : input;
    return handler(new Request(target, init));
  };
  return {
    url,
    accessKey: handler.accessKey,
    fetch: fetchViaHandler,
    clock: handler.clock,
    handler,
    connections: limits,
    mode: chains === undefined ? "simulated" : "chains",
    ...describedChains(chains, options),
    notice,
    restored: handler.restored,
    injectFaults: (rules) => handler.injectFaults(rules),
    stats: () => handler.stats(),
    close: () =>
      new Promise<void>((resolve) => {
        handler.close();
        server.close(() => {
          void (chains?.close() ?? Promise.resolve()).then(() => {
            if (file !== undefined && chains !== undefined) forgetChains(file.path);
            file?.close();
            resolve();
          });
        });
        server.closeAllConnections();
      }),
  };
}

/** `srv.chains` and `srv.testAccounts`. */
function describedChains(chains: ChainSet | undefined, options: StartOptions) {
  const { chains: described, testAccounts } = describeChains(
    chains,
    options.catalogue ?? defaultCatalogue(),
  );
  return { chains: described, testAccounts };
}

/** Closes the state file after a start that failed, with the chains' files when it created it. */
function discard(file: StateFile | undefined, options: StartOptions): void {
  if (file === undefined) return;
  if (file.isNew) {
    const catalogue = options.catalogue ?? defaultCatalogue();
    discardChains(
      file.path,
      catalogue.chains.map((c) => c.chainId),
    );
    discardKeptPorts(file.path);
  } else forgetChains(file.path);
  file.discard();
}

/**
 * Starts (or connects to) the chains of `options.catalogue`; with a state file, the chains it
 * starts keep their state beside it (loaded unless the state file is new), once the anvils of the
 * server that held the file before have written theirs.
 */
async function startChains(
  options: StartOptions,
  binary: string | undefined,
  file: StateFile | undefined,
): Promise<ChainSet> {
  const catalogue = options.catalogue ?? defaultCatalogue();
  const rpcUrls = typeof options.chains === "object" ? options.chains : {};
  const own = catalogue.chains.filter((c) => rpcUrls[c.chainId] === undefined);
  if (own.length > 0 && binary === undefined)
    throw new Error(
      `real chains need anvil, which is not installed here: ${ANVIL_INSTALL} (or give an RPC URL for chain ${own.map((c) => c.chainId).join(", ")})`,
    );
  const pinned = options.chainPorts ?? {};
  const ownIds = own.map((c) => c.chainId);
  if (file === undefined) {
    const ports = await choosePorts(ownIds, pinned, {});
    return startLocalChains({ binary, catalogue, rpcUrls, ports });
  }
  await waitForPreviousChains(file.path);
  const path = file.path;
  const ports = await choosePorts(ownIds, pinned, file.isNew ? {} : readKeptPorts(path));
  const set = await startLocalChains({
    binary,
    catalogue,
    rpcUrls,
    ports,
    state: { path: (id) => chainStatePath(path, id), load: !file.isNew },
  });
  recordChains(path, set.pids);
  writeKeptPorts(
    path,
    Object.fromEntries(
      ownIds.flatMap((id) => {
        const url = set.chains[id]?.rpcUrl;
        return url === undefined ? [] : [[id, url]];
      }),
    ),
  );
  return set;
}
