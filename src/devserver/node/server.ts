/**
 * `startDevServer`: the handler on a loopback HTTP port, plus a socket-less `fetch` that calls the
 * handler directly (same answers, no network; an injected reset becomes a rejected promise as
 * fetch's network errors are).
 */

import {
  ANVIL_INSTALL,
  type ChainSet,
  type DevTestAccount,
  describeChains,
  findAnvil,
  fixedChainPorts,
  type LocalChain,
} from "../chains/index.js";
import { DEFAULT_MAX_BODY_BYTES, type StartOptions } from "../config/index.js";
import type { Clock, DevServerStats } from "../core/index.js";
import type { FaultRule } from "../faults/index.js";
import { createDevHandler, type DevHandler } from "../http/index.js";
import { type Catalogue, defaultCatalogue } from "../market/index.js";
import {
  closeStateFile,
  discardStateFile,
  openStateFile,
  type RestoredState,
  type StateFile,
  startKeptChains,
} from "../state/index.js";
import { type ConnectionLimits, connectionLimits } from "./connection-limits.js";
import { openFileLimit } from "./descriptor-limit.js";
import { checkPortFree, listen } from "./listener.js";

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
  const catalogue = options.catalogue ?? defaultCatalogue();
  // The server's own port first: its chains take the ports after it by default.
  await checkPortFree(options.port ?? 0, options.host ?? "127.0.0.1");
  const file = options.stateFile === undefined ? undefined : openStateFile(options.stateFile);
  const { chains, handler, notice } = await startHandler(options, catalogue, file);
  const listening = listen(
    handler,
    options.port ?? 0,
    options.host ?? "127.0.0.1",
    options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    limits,
  );
  const { server, url } = await listening.catch(async (e: unknown) => {
    handler.close();
    await chains?.close();
    discardStateFile(file, catalogue);
    throw e;
  });
  return {
    url,
    accessKey: handler.accessKey,
    fetch: fetchVia(handler, url),
    clock: handler.clock,
    handler,
    connections: limits,
    mode: chains === undefined ? "simulated" : "chains",
    ...describedChains(chains, catalogue),
    notice,
    restored: handler.restored,
    injectFaults: (rules) => handler.injectFaults(rules),
    stats: () => handler.stats(),
    close: () =>
      new Promise<void>((resolve) => {
        handler.close();
        server.close(() => {
          void (chains?.close() ?? Promise.resolve()).then(() => {
            closeStateFile(file, chains !== undefined);
            resolve();
          });
        });
        server.closeAllConnections();
      }),
  };
}

/**
 * Starts the chains asked for (none in the simulated mode, or with `"auto"` when anvil is not
 * installed: `notice` says so) and the handler on them; a failure stops the chains started and
 * discards the state file it created.
 */
async function startHandler(options: StartOptions, catalogue: Catalogue, file?: StateFile) {
  const wanted = options.chains !== undefined && options.chains !== false;
  const binary = wanted ? findAnvil() : undefined;
  const notice =
    options.chains === "auto" && binary === undefined
      ? `anvil is not installed: running the simulated mode (no chain; any deposit hash is accepted). For real local chains: ${ANVIL_INSTALL}`
      : undefined;
  let chains: ChainSet | undefined;
  try {
    if (wanted && notice === undefined) {
      const rpcUrls = typeof options.chains === "object" ? options.chains : {};
      const fixed =
        options.chainPortBase === undefined
          ? {}
          : fixedChainPorts(
              catalogue.chains.map((c) => c.chainId),
              options.chainPortBase,
            );
      const pinned = { ...fixed, ...options.chainPorts };
      const { corsOrigins } = options;
      chains = await startKeptChains({ binary, catalogue, rpcUrls, pinned, corsOrigins }, file);
    }
    const state = file === undefined ? options : { ...options, state: file };
    return { chains, handler: createDevHandler(state, chains), notice };
  } catch (e) {
    await chains?.close();
    discardStateFile(file, catalogue);
    throw e;
  }
}

/** A `fetch` that calls `handler` with no socket; relative URLs resolve against `url`. */
function fetchVia(handler: DevHandler, url: string) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const target = typeof input === "string" && input.startsWith("/") ? new URL(input, url) : input;
    return handler(new Request(target, init));
  };
}

/** `srv.chains` and `srv.testAccounts`. */
function describedChains(chains: ChainSet | undefined, catalogue: Catalogue) {
  const { chains: described, testAccounts } = describeChains(chains, catalogue);
  return { chains: described, testAccounts };
}
