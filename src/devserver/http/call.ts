/**
 * One call of an operation, after routing and faults, as named steps in the order a request meets
 * them: its headers (content type, client schema version), the caller (access key, rate limit),
 * the operation's implementation, the body (size, UTF-8), then decode, run and encode. Bodies from
 * `LARGE_BODY_CHARS` on are decoded, run and encoded each in a turn of the event loop.
 */
import { MethodNotFoundError } from "../../../generated/errors.js";
import type { OperationName } from "../../../generated/operations.js";
import { stringifyJson } from "../../codec/index.js";
import { type AccessGate, admit, type Caller } from "../access/index.js";
import { type CallContext, EncodedAnswer, type ServerState } from "../context/index.js";
import { bump } from "../core/index.js";
import type { ChainFault } from "../faults/index.js";
import { type Answer, type Handler, OPERATIONS_FILE, operations } from "../ops/index.js";
import {
  bigintWireOf,
  checkRequestHeaders,
  decodeRequest,
  jsonResponse,
  type RoutedOperation,
  requestText,
  TOO_LARGE,
  tooLargeResponse,
} from "../wire/index.js";
import { arrivalOf, bodyReadOf } from "./arrival.js";

/**
 * Bodies from this many characters on are decoded, run and encoded each in a turn of the event
 * loop given by `LoopSlices` (a 64 KiB-calldata quote costs tens of milliseconds): several of them
 * arriving together then no longer hold the loop for the sum of their costs.
 */
const LARGE_BODY_CHARS = 16 * 1024;

/** What the handler holds for every call: the server's state, its keys and rate limit. */
export interface CallGate extends AccessGate {
  readonly server: ServerState;
}

/** One request to a routed operation. */
export interface Call {
  readonly request: Request;
  readonly op: RoutedOperation;
  /** The server's clock when it arrived. */
  readonly now: number;
  /** The answer's headers, filled on the way. */
  readonly headers: Headers;
}

/** Answers `call` (throws the interface's errors); `chainFault` is passed on to the operation. */
export async function serveCall(
  call: Call,
  gate: CallGate,
  chainFault?: ChainFault,
): Promise<Response> {
  const { request, op, headers } = call;
  const { server } = gate;
  // Real time of arrival, before the body is read: a long poll's bound counts from here.
  const arrivedMs = arrivalOf(request);
  checkRequestHeaders(request, server.options.minClientVersion);
  const caller: Caller = op.public
    ? { projectId: 1, allProjects: false }
    : admit(gate, request, headers, server.stats);
  const run = implementationOf(op);
  const body = await requestText(request, bodyReadOf(request), server.options.maxBodyBytes);
  if (body === TOO_LARGE) return tooLargeResponse(server.options.maxBodyBytes, headers);
  const bigintAs = bigintWireOf(request.headers, server.options.bigintAs);
  const ctx: CallContext = {
    server,
    bigintAs,
    now: call.now,
    arrivedMs,
    ...caller,
    signal: request.signal,
    ...(chainFault === undefined ? {} : { chainFault }),
  };
  const answer = await runOperation(op, run, body, ctx);
  const text = encodeAnswer(answer, op, bigintAs, headers);
  bump(server.stats.succeeded, op.name);
  return jsonResponse(text, 200, headers);
}

/** The implementation of `op`, or `MethodNotFound` naming where it goes. */
function implementationOf<K extends OperationName>(op: RoutedOperation & { name: K }): Handler<K> {
  const run = operations[op.name];
  if (run !== undefined) return run;
  throw new MethodNotFoundError({
    message: `Method not found: ${op.name} has no implementation in this dev server (add its handler to ${OPERATIONS_FILE})`,
    cause: `the schema has ${op.name}; its handler goes in ${OPERATIONS_FILE}`,
  });
}

/** Decodes `body` as `op`'s request and runs `run` on it, a large body in turns of the loop. */
async function runOperation<K extends OperationName>(
  op: RoutedOperation & { name: K },
  run: Handler<K>,
  body: string,
  ctx: CallContext,
): Promise<Answer<K>> {
  const { slices, options } = ctx.server;
  const large = body.length >= LARGE_BODY_CHARS;
  if (large) await slices.turn();
  const decoded = decodeRequest(body, op, options.maxCallDataBytes);
  if (large) await slices.turn();
  const answer = await run(decoded, ctx);
  if (large) await slices.turn();
  return answer;
}

/** The text of `answer` (an encoded one brings its own headers). */
function encodeAnswer(
  answer: unknown,
  op: RoutedOperation,
  bigintAs: "number" | "string",
  headers: Headers,
): string {
  if (!(answer instanceof EncodedAnswer))
    return stringifyJson(answer, op.responseType, { bigintAs });
  for (const [name, value] of Object.entries(answer.headers)) headers.set(name, value);
  return answer.text;
}
