/**
 * The dev server as a web-standard handler, `(Request) => Promise<Response>`, routed from the
 * generated operation table. It imports no Node built-in: it runs in any fetch-capable runtime and
 * can be given to a client as its `fetch`. Order of checks: CORS preflight (204 on every path),
 * the discovery call `GET /dev/chains`, route (404), method (405), injected fault, content type
 * (400), client schema version from the `Webrpc` header (`ClientOutdated`, 422), access key
 * (401/403), rate limit (429), an implementation of the operation (`MethodNotFound`, 404), body
 * size (413), JSON (400), validation (`InvalidArgument`), then the operation (`call.ts`).
 */
import {
  WebrpcBadMethodError,
  WebrpcBadRequestError,
  WebrpcBadRouteError,
} from "../../../generated/errors.js";
import { sleep } from "../../client/wait.js";
import { TokenBuckets } from "../access/index.js";
import { type ChainSet, type DevChainsInfo, describeChains } from "../chains/index.js";
import type { DevServerOptions, ResolvedOptions } from "../config/index.js";
import { createServerState, notifyChange, type ServerState } from "../context/index.js";
import { bump, type Clock, type DevServerStats, snapshot } from "../core/index.js";
import { resumeExecutions, type StrandedWatch, watchStranded } from "../execution/index.js";
import {
  FaultInjection,
  type FaultRule,
  faultAfter,
  faultBefore,
  isChainFault,
} from "../faults/index.js";
import { openWithState, type RestoredState, restoreState } from "../state/index.js";
import {
  baseHeaders,
  errorResponse,
  operationAt,
  preflightResponse,
  type RoutedOperation,
} from "../wire/index.js";
import { type Call, type CallGate, serveCall } from "./call.js";
import { DEV_CHAINS_PATH, devChainsAnswer } from "./dev-chains.js";
import { answerError } from "./error-answer.js";

/** A dev server handler: a function from `Request` to `Response`, with its controls. */
export interface DevHandler {
  (request: Request): Promise<Response>;
  /** The first configured access key (the generated dev key by default). */
  readonly accessKey: string;
  /** The server's clock. */
  readonly clock: Clock;
  /** Schedules faults; this also turns fault injection on. */
  injectFaults(rules: FaultRule[]): void;
  /** Counters of what the server did. */
  stats(): DevServerStats;
  /** What `options.state` brought back at start; `undefined` without a state. */
  readonly restored: RestoredState | undefined;
  /** Ends pending long polls; later long polls answer at once. */
  close(): void;
}

/** What the handler holds: the call gate, its faults, and its chains as `/dev/chains` tells. */
interface Edge extends CallGate {
  readonly faults: FaultInjection;
  readonly described: DevChainsInfo;
}

/**
 * Creates the handler.
 *
 * @example
 * const handle = createDevHandler({ clock: manualClock().now });
 * const res = await handle(new Request("http://dev/rpc/Service/Ping", { method: "POST", body: "{}", headers: { "content-type": "application/json" } }));
 *
 * @param chains real chains to verify deposits and pay out on (`startDevServer({ chains })` sets
 *   them up); the simulated mode without.
 */
export function createDevHandler(options: DevServerOptions = {}, chains?: ChainSet): DevHandler {
  const opening = openWithState(options);
  const opts = opening.options;
  const server = createServerState(opts, chains);
  const restored = restoreState(opening, server.store, server.catalogue);
  if (restored !== undefined) restored.resumed = resumeExecutions(server);
  const stranded = watchStranded(server);
  const edge: Edge = {
    server,
    keys: new Map(opts.accessKeys.map((k) => [k.key, k])),
    buckets: bucketsOf(opts),
    faults: new FaultInjection(opts.faultRules, opts.faultsEnabled),
    described: describeChains(chains, opts.catalogue),
  };
  const handle = (request: Request) => answer(request, edge);
  return Object.assign(handle, controls(edge, restored, stranded));
}

/** The rate limit's buckets, one per key; none when the rate limit is off. */
function bucketsOf(opts: ResolvedOptions): TokenBuckets | undefined {
  const limit = opts.rateLimit;
  if (limit === false) return undefined;
  return new TokenBuckets(limit, limit.clock === "server" ? opts.clock : undefined);
}

/** The controls of the handler: its key and clock, faults, counters, what came back, close. */
function controls(edge: Edge, restored: RestoredState | undefined, stranded: StrandedWatch) {
  const { server } = edge;
  return {
    accessKey: server.options.accessKeys[0]?.key ?? "",
    clock: server.options.clock,
    restored,
    injectFaults: (rules: FaultRule[]) => edge.faults.add(rules),
    stats: (): DevServerStats => ({
      ...snapshot(server.stats),
      stored: { intents: server.store.size, bytes: server.store.bytes },
      evicted: server.store.evicted,
    }),
    close() {
      server.closed = true;
      stranded.stop();
      notifyChange(server);
    },
  };
}

/** The answer to `request`: every thrown error becomes a webrpc error answer. */
async function answer(request: Request, edge: Edge): Promise<Response> {
  const { options, stats } = edge.server;
  const now = options.clock();
  const headers = baseHeaders(now, request.headers.get("origin"), options.corsOrigins);
  try {
    // Every path answers a preflight, so that a browser reads the error of a wrong path too.
    if (request.method === "OPTIONS") return preflightResponse(headers);
    const path = new URL(request.url).pathname;
    if (path === DEV_CHAINS_PATH)
      return devChainsAnswer(request, edge.keys, edge.described, headers);
    const op = route(request, path, stats, headers);
    if (op instanceof Response) return op;
    return await withFault({ request, op, now, headers }, edge);
  } catch (e) {
    return answerError(e, headers, stats);
  }
}

/** The operation at `path` called with POST, or the error answer (404, 405). */
function route(
  request: Request,
  path: string,
  stats: ServerState["stats"],
  headers: Headers,
): RoutedOperation | Response {
  const op = operationAt(path);
  if (op === undefined) {
    const definition = WebrpcBadRouteError.definition;
    return errorResponse({ definition, cause: "no operation at this path" }, headers);
  }
  bump(stats.requests, op.name);
  if (request.method === "POST") return op;
  headers.set("Allow", "POST");
  return errorResponse(
    {
      definition: WebrpcBadMethodError.definition,
      cause: `${request.method.slice(0, 20)} is not allowed; use POST`,
    },
    headers,
  );
}

/**
 * Serves `call` with the fault injected for it, if any: a chain fault goes to the operation; an
 * answer fault spoils the answer before (an early error, slow headers) or after it is made.
 */
async function withFault(call: Call, edge: Edge): Promise<Response> {
  const { request, now, headers } = call;
  const { stats } = edge.server;
  const fault = edge.faults.take(request, call.op.name);
  if (fault === undefined) return serveCall(call, edge);
  stats.faults += 1;
  bump(stats.faultsByKind, fault.kind);
  if (isChainFault(fault)) {
    if (edge.server.chains === undefined)
      throw new WebrpcBadRequestError({
        cause: `the chain fault ${fault.kind} needs real chains; this dev server runs the simulated mode`,
      });
    return serveCall(call, edge, fault);
  }
  const early = faultBefore(fault, now, headers);
  if (early !== undefined) return early;
  // An abort ends the wait early; the call still runs, as it would without the fault.
  if (fault.kind === "slow-headers") await sleep(fault.ms, request.signal).catch(() => undefined);
  const response = await serveCall(call, edge).catch((e: unknown) =>
    answerError(e, headers, stats),
  );
  return faultAfter(fault, response, request.signal);
}
