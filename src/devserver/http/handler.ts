/**
 * The dev server as a web-standard handler, `(Request) => Promise<Response>`, routed from the
 * generated operation table. It imports no Node built-in: it runs in any fetch-capable runtime and
 * can be given to a client as its `fetch`. Order of checks: CORS preflight (204 on every path),
 * the discovery call `GET /dev/chains`, route (404), method (405), injected fault, content type
 * (400), client schema version from the `Webrpc` header (`ClientOutdated`, 422), access key
 * (401/403), rate limit (429), an implementation of the operation (`MethodNotFound`, 404), body
 * size (413), JSON (400), validation (`InvalidArgument`), then the operation.
 */
import {
  ClientOutdatedError,
  MethodNotFoundError,
  RateLimitedError,
  WebrpcBadMethodError,
  WebrpcBadRequestError,
  WebrpcBadRouteError,
} from "../../../generated/errors.js";
import type { OperationInfo, OperationName } from "../../../generated/operations.js";
import { stringifyJson } from "../../codec/index.js";
import { authenticate, TokenBuckets } from "../access/index.js";
import type { ChainSet } from "../chains/index.js";
import { type DevServerOptions, resolveOptions } from "../config/index.js";
import type { Clock } from "../core/index.js";
import {
  bump,
  type DevServerStats,
  LoopSlices,
  newStats,
  OneAtATime,
  snapshot,
} from "../core/index.js";
import {
  CHAIN_FAULT_OPERATION,
  type ChainFault,
  type Fault,
  type FaultRule,
  FaultSchedule,
  faultAfter,
  faultBefore,
  isChainFault,
  parseFault,
  sleep,
} from "../faults/index.js";
import { IntentStore, isSettled } from "../intents/index.js";
import { indexBalances, indexCatalogue } from "../market/index.js";
import {
  type CallContext,
  EncodedAnswer,
  LongPolls,
  notifyChange,
  OPERATIONS_FILE,
  operations,
  resumeExecutions,
  type ServerState,
  watchStranded,
} from "../ops/index.js";
import {
  baseHeaders,
  bigintWireOf,
  bodyText,
  decodeRequest,
  errorResponse,
  isJsonContentType,
  jsonResponse,
  NOT_UTF8,
  operationAt,
  outdatedClient,
  preflightResponse,
  readBody,
  TOO_LARGE,
} from "../wire/index.js";
import { arrivalOf, bodyReadOf } from "./arrival.js";
import { DEV_CHAINS_PATH, devChainsAnswer } from "./dev-chains.js";
import { answerError } from "./error-answer.js";
import { describeChains } from "./local-chain.js";
import { openState, type RestoredState, startState } from "./state.js";

/**
 * Bodies from this many characters on are decoded, run and encoded each in a turn of the event
 * loop given by `LoopSlices` (a 64 KiB-calldata quote costs tens of milliseconds): several of them
 * arriving together then no longer hold the loop for the sum of their costs.
 */
const LARGE_BODY_CHARS = 16 * 1024;
/** Most time given to long work in one turn of the event loop, milliseconds. */
const SLICE_MS = 5;

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
  const kept =
    options.state === undefined
      ? undefined
      : openState(options.state, options.repairState === true);
  const storedKeys = options.accessKeys === undefined ? kept?.keys : undefined;
  const keysFromState = storedKeys !== undefined;
  const opts = resolveOptions(storedKeys ? { ...options, accessKeys: storedKeys } : options);
  const timing = { stageMs: opts.stageMs, executingMs: opts.executingMs };
  const limits = {
    maxQuoted: opts.maxQuotedIntents,
    maxIntents: opts.maxIntents,
    maxBytes: opts.maxStoreBytes,
  };
  const server: ServerState = {
    options: opts,
    catalogue: indexCatalogue(opts.catalogue),
    balances: indexBalances(opts.balances),
    store: new IntentStore(limits, (rec) => isSettled(rec, opts.clock(), timing)),
    stats: newStats(),
    timing,
    polls: new LongPolls(opts.clock),
    slices: new LoopSlices(SLICE_MS),
    quotes: new OneAtATime(),
    chains:
      chains === undefined
        ? undefined
        : { set: chains, claimed: new Set(), executing: new Set(), running: new Set() },
    closed: false,
  };
  const restored =
    kept === undefined
      ? undefined
      : startState(kept, server.store, server.catalogue, opts.accessKeys, keysFromState);
  if (restored !== undefined) restored.resumed = resumeExecutions(server);
  const stranded = watchStranded(server);
  const keys = new Map(opts.accessKeys.map((k) => [k.key, k]));
  const described = describeChains(chains, opts.catalogue);
  const limit = opts.rateLimit;
  const buckets =
    limit === false
      ? undefined
      : new TokenBuckets(limit, limit.clock === "server" ? opts.clock : undefined);
  const schedule = new FaultSchedule(opts.faultRules);
  let faultsEnabled = opts.faultsEnabled;

  function faultFor(request: Request, op: string): Fault | undefined {
    if (!faultsEnabled) return undefined;
    const header = request.headers.get("x-dev-fault");
    if (header === null) return schedule.take(op);
    const fault = parseFault(header);
    if (fault === undefined)
      throw new WebrpcBadRequestError({
        cause: `unknown X-Dev-Fault value ${JSON.stringify(header.slice(0, 40))}`,
      });
    if (isChainFault(fault) && op !== CHAIN_FAULT_OPERATION)
      throw new WebrpcBadRequestError({
        cause: `the chain fault ${fault.kind} applies to ${CHAIN_FAULT_OPERATION} only`,
      });
    return fault;
  }

  async function process(
    request: Request,
    op: OperationInfo,
    now: number,
    headers: Headers,
    chainFault?: ChainFault,
  ): Promise<Response> {
    // Real time of arrival, before the body is read: a long poll's bound counts from here.
    const arrivedMs = arrivalOf(request);
    if (!isJsonContentType(request.headers.get("content-type"))) {
      throw new WebrpcBadRequestError({
        message: "Content-Type must be application/json",
        cause: "unsupported content type",
      });
    }
    const outdated = outdatedClient(request.headers.get("webrpc"), opts.minClientVersion);
    if (outdated !== undefined) {
      throw new ClientOutdatedError({
        message: outdated,
        cause: `minimum client schema ${opts.minClientVersion}`,
      });
    }
    let projectId = 1;
    let allProjects = false;
    if (!op.public) {
      const auth = authenticate(keys, request);
      if ("error" in auth) throw auth.error;
      projectId = auth.key.projectId ?? 1;
      allProjects = auth.key.allProjects === true;
      const waitMs = buckets?.take(auth.key.key) ?? 0;
      if (waitMs > 0) {
        server.stats.rateLimited += 1;
        headers.set("Retry-After", String(Math.ceil(waitMs / 1000)));
        throw new RateLimitedError({ cause: `retry in ${waitMs} ms` });
      }
    }
    const run = operations[op.name as OperationName];
    if (run === undefined) {
      throw new MethodNotFoundError({
        message: `Method not found: ${op.name} has no implementation in this dev server (add its handler to ${OPERATIONS_FILE})`,
        cause: `the schema has ${op.name}; its handler goes in ${OPERATIONS_FILE}`,
      });
    }
    const read = bodyReadOf(request);
    const body =
      read === undefined
        ? await readBody(request, opts.maxBodyBytes)
        : bodyText(read, opts.maxBodyBytes);
    if (body === TOO_LARGE) {
      const cause = `the request body exceeds ${opts.maxBodyBytes} bytes`;
      return errorResponse(
        {
          definition: WebrpcBadRequestError.definition,
          message: "Request body too large",
          cause,
          status: 413,
        },
        headers,
      );
    }
    if (body === NOT_UTF8)
      throw new WebrpcBadRequestError({ cause: "the request body is not valid UTF-8" });
    const large = body.length >= LARGE_BODY_CHARS;
    if (large) await server.slices.turn();
    const bigintAs = bigintWireOf(request.headers, opts.bigintAs);
    const decoded = decodeRequest(body, op, opts.maxCallDataBytes);
    const ctx: CallContext = {
      server,
      bigintAs,
      now,
      arrivedMs,
      projectId,
      allProjects,
      signal: request.signal,
      ...(chainFault === undefined ? {} : { chainFault }),
    };
    if (large) await server.slices.turn();
    const result = await run(decoded as never, ctx);
    if (large) await server.slices.turn();
    let text: string;
    if (result instanceof EncodedAnswer) {
      text = result.text;
      for (const [name, value] of Object.entries(result.headers)) headers.set(name, value);
    } else text = stringifyJson(result, op.responseType, { bigintAs });
    bump(server.stats.succeeded, op.name);
    return jsonResponse(text, 200, headers);
  }

  async function handle(request: Request): Promise<Response> {
    const now = opts.clock();
    const headers = baseHeaders(now, request.headers.get("origin"), opts.corsOrigins);
    try {
      // Every path answers a preflight, so that a browser reads the error of a wrong path too.
      if (request.method === "OPTIONS") return preflightResponse(headers);
      const path = new URL(request.url).pathname;
      if (path === DEV_CHAINS_PATH) return devChainsAnswer(request, keys, described, headers);
      const op = operationAt(path);
      if (op === undefined) {
        return errorResponse(
          { definition: WebrpcBadRouteError.definition, cause: "no operation at this path" },
          headers,
        );
      }
      bump(server.stats.requests, op.name);
      if (request.method !== "POST") {
        headers.set("Allow", "POST");
        return errorResponse(
          {
            definition: WebrpcBadMethodError.definition,
            cause: `${request.method.slice(0, 20)} is not allowed; use POST`,
          },
          headers,
        );
      }
      const fault = faultFor(request, op.name);
      if (fault === undefined) return await process(request, op, now, headers);
      server.stats.faults += 1;
      bump(server.stats.faultsByKind, fault.kind);
      if (isChainFault(fault)) {
        if (server.chains === undefined)
          throw new WebrpcBadRequestError({
            cause: `the chain fault ${fault.kind} needs real chains; this dev server runs the simulated mode`,
          });
        return await process(request, op, now, headers, fault);
      }
      const early = faultBefore(fault, now, headers);
      if (early !== undefined) return early;
      if (fault.kind === "slow-headers") await sleep(fault.ms, request.signal);
      const response = await process(request, op, now, headers).catch((e: unknown) =>
        answerError(e, headers, server.stats),
      );
      return await faultAfter(fault, response, request.signal);
    } catch (e) {
      return answerError(e, headers, server.stats);
    }
  }

  return Object.assign(handle, {
    accessKey: opts.accessKeys[0]?.key ?? "",
    clock: opts.clock,
    restored,
    injectFaults(rules: FaultRule[]) {
      schedule.add(rules);
      faultsEnabled = true;
    },
    stats: () => ({
      ...snapshot(server.stats),
      stored: { intents: server.store.size, bytes: server.store.bytes },
      evicted: server.store.evicted,
    }),
    close() {
      server.closed = true;
      stranded.stop();
      notifyChange(server);
    },
  });
}
