/**
 * `startDevServer`: the handler on a loopback HTTP port, plus a socket-less `fetch` that calls the
 * handler directly (same answers, no network; an injected reset becomes a rejected promise as
 * fetch's network errors are).
 */

import type { DevServerOptions } from "../config/index.js";
import type { Clock, DevServerStats } from "../core/index.js";
import type { FaultRule } from "../faults/index.js";
import {
  type ConnectionLimits,
  type ConnectionOptions,
  connectionLimits,
} from "./connection-limits.js";
import { openFileLimit } from "./descriptor-limit.js";
import { createDevHandler, type DevHandler } from "./handler.js";
import { listen } from "./listener.js";

/** Options of `startDevServer`: the handler's, plus where to listen. */
export interface StartOptions extends DevServerOptions {
  /** Port; 0 (default) picks a free one. */
  port?: number;
  /** Interface; default `127.0.0.1`. */
  host?: string;
  /** Connection cap and timeouts; by default the cap is derived from the open-file limit. */
  connections?: ConnectionOptions;
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
  /** Schedules faults at run time (and enables fault injection). */
  injectFaults(rules: FaultRule[]): void;
  /** Counters: requests per operation, commits and executions that took effect, faults, rate-limited, what the store holds and how many intents it evicted. */
  stats(): DevServerStats;
  /** Stops listening, ends long polls and drops open connections. */
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
  const handler = createDevHandler(options);
  const { server, url } = await listen(
    handler,
    options.port ?? 0,
    options.host ?? "127.0.0.1",
    options.maxBodyBytes ?? 1024 * 1024,
    limits,
  );
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
    injectFaults: (rules) => handler.injectFaults(rules),
    stats: () => handler.stats(),
    close: () =>
      new Promise<void>((resolve) => {
        handler.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
