/**
 * The options of `startDevServer`: the handler's, plus where to listen, the connections, the state
 * file and the chains.
 */
import type { DevServerOptions } from "./options.js";

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
  /**
   * Fixed chain ports: the catalogue's chains, by ascending chain id, listen on
   * `chainPortBase + 1`, `+ 2`, … (`serve` passes its own port: 8787 gives chain 1 port 8788, …,
   * chain 42161 port 8792), so that a wagmi config or a wallet's network written once keeps
   * working across restarts. A chain named in `chainPorts` or given an RPC URL keeps that; the
   * others keep their place. A start refuses, naming the port, when one is in use. Default: none
   * (free ports).
   */
  chainPortBase?: number;
}

/** Connection settings of `startDevServer`; every field optional. */
export interface ConnectionOptions {
  /**
   * Most connections open at once. Default: the open-file limit less a reserve for the process's
   * own files (a tenth of the limit, at least 32 and at most 1,024), or 10,000 when the limit is
   * unknown. Past it, the connection idle for longest is closed to make room; when none is idle,
   * the new one is closed.
   */
  maxConnections?: number;
  /** Time for a request's headers to arrive, in ms; default 10,000. Slower senders get 408. */
  headersTimeoutMs?: number;
  /**
   * Time for a whole request (headers and body) to arrive, in ms; default 30,000. The answer is
   * not bounded by it: a WaitIntentReceipt long poll is held by the server, not by the client.
   */
  requestTimeoutMs?: number;
  /** How long a kept-alive connection may stay idle between requests, in ms; default 5,000. */
  keepAliveTimeoutMs?: number;
}
