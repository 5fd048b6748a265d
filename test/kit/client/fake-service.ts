/**
 * A small loopback implementation of the service over `node:http`, with per-operation faults
 * under exact control (status, headers, body, connection resets, slow answers). Real HTTP, no
 * mocked fetch.
 *
 * Faults come from the dev server first (`X-Dev-Fault`, `srv.injectFaults`, see `../server.ts`).
 * Use this fake only for answers the dev server cannot give: an intent frozen in one status, a
 * receipt that lags its intent, enum values the schema does not know, a body the codec must
 * refuse, an answer to one operation shaped as another's. A test that needs none of these starts
 * the dev server.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { errorDefinitions } from "../../../generated/error-table.js";
import { type OperationInfo, operationTable } from "../../../generated/operations.js";
import type { Validator } from "../../../generated/validators.js";
import * as validators from "../../../generated/validators.js";
import { parseJson, stringifyJson } from "../../../src/codec/index.js";
import type { Intent, IntentStatus } from "../../../src/index.js";
import type { TransactionStatus } from "../../../src/types.js";
import { sampleIntent, sampleReceipt, tokens } from "./samples.js";

/** A fault served instead of (or around) the normal answer. */
export type Fault =
  | { kind: "raw"; status: number; headers?: Record<string, string>; body?: string }
  | { kind: "error"; code: number; headers?: Record<string, string>; msg?: string; status?: number }
  | { kind: "reset-before" }
  | { kind: "reset-after" }
  | { kind: "slow-headers"; ms: number }
  | { kind: "slow-body"; ms: number }
  | { kind: "truncated" };

export interface FakeServiceOptions {
  accessKey?: string;
  /** Answer WaitIntentReceipt with 404 WebrpcBadRoute, as a server without long polls. */
  noLongPoll?: boolean;
  /**
   * Answer every WaitIntentReceipt with this raw response, as a router or proxy in front of a
   * deployment without long polls does (Go's `404 page not found`, an HTML 405 or 501 page).
   */
  longPollPage?: { status: number; body: string; headers?: Record<string, string> };
  /** How bigints are written: decimal strings (as webrpc servers do) or JSON numbers. */
  bigintAs?: "string" | "number";
}

export interface FakeService {
  url: string;
  accessKey: string;
  /** Requests received per operation (faulted ones included). */
  received: Record<string, number>;
  /** Requests the service acted on per operation. */
  processed: Record<string, number>;
  /** Headers of the last request per operation. */
  lastHeaders: Record<string, IncomingMessage["headers"]>;
  intents: Map<string, { intent: Intent; step: number }>;
  /** Queue faults for the next requests of `op`. */
  fault(op: string, ...faults: Fault[]): void;
  /** Drop every queued fault. */
  clearFaults(): void;
  /** Move the service clock. */
  advance(ms: number): void;
  close(): Promise<void>;
}

const STEPS: TransactionStatus[][] = [
  ["PENDING", "PENDING"],
  ["SUCCEEDED", "PENDING"],
  ["SUCCEEDED", "SUCCEEDED", "PENDING"],
  ["SUCCEEDED", "SUCCEEDED", "SUCCEEDED"],
];

class WireError extends Error {
  constructor(
    readonly code: number,
    msg?: string,
  ) {
    super(msg);
  }
}

export async function startFakeService(options: FakeServiceOptions = {}): Promise<FakeService> {
  const accessKey = options.accessKey ?? "ak_test_SECRET_0123456789abcdef";
  const bigintAs = options.bigintAs ?? "string";
  const byPath = new Map<string, OperationInfo>(
    Object.values(operationTable).map((op) => [op.path, op]),
  );
  const queue = new Map<string, Fault[]>();
  let offset = 0;
  let seq = 0;
  const now = () => Date.now() + offset;
  const svc: FakeService = {
    url: "",
    accessKey,
    received: {},
    processed: {},
    lastHeaders: {},
    intents: new Map(),
    fault: (op, ...faults) => queue.set(op, [...(queue.get(op) ?? []), ...faults]),
    clearFaults: () => queue.clear(),
    advance: (ms) => {
      offset += ms;
    },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };

  const receiptOf = (name: string, id: string) => {
    const entry = svc.intents.get(id);
    if (!entry) throw new WireError(8000);
    if (entry.intent.status === "EXECUTING" && name !== "peek") {
      entry.step = Math.min(entry.step + 1, STEPS.length - 1);
      if (entry.step === STEPS.length - 1) entry.intent.status = "SUCCEEDED";
    }
    const states = STEPS[entry.step] ?? [];
    return {
      receipt: sampleReceipt(entry.intent, states),
      states,
      done: entry.intent.status === "SUCCEEDED",
    };
  };

  // Requests reach the handlers validated against the schema, so each reads the fields it needs
  // without restating the request types.
  // biome-ignore lint/suspicious/noExplicitAny: a validated request of whichever operation
  const handlers: Record<string, (req: any) => unknown> = {
    GetExactOutputRoutes: () => ({ tokens }),
    GetExactInputRoutes: () => ({ tokens }),
    QuoteIntent: (req) => {
      if (req.originChainId === 999) throw new WireError(8008);
      const intentId = `intent-${++seq}`;
      const intent = sampleIntent(intentId, req, now());
      svc.intents.set(intentId, { intent: structuredClone(intent), step: 0 });
      return {
        intent,
        gasFeeOptions: {
          gasEstimate: { totalGas: 1n, gasPrice: "1", nativeCost: "1", nativeCostUsd: 0 },
          feeOptions: [],
          expiresAt: intent.expiresAt,
          feeCollectorAddress: "0xfEE0000000000000000000000000000000C0FFee",
        },
      };
    },
    CommitIntent: (req) => {
      const entry = svc.intents.get(req.intent.intentId);
      if (!entry) throw new WireError(8000);
      if (entry.intent.status !== "QUOTED") throw new WireError(2004, "intent is not QUOTED");
      if (now() > Date.parse(entry.intent.expiresAt)) throw new WireError(7001);
      if (stringifyJson(req.intent, "Intent") !== stringifyJson(entry.intent, "Intent"))
        throw new WireError(2000, "the intent was modified");
      entry.intent.status = "COMMITTED";
      return { intentId: entry.intent.intentId };
    },
    ExecuteIntent: (req) => {
      const entry = svc.intents.get(req.intentId);
      if (!entry) throw new WireError(8000);
      if (entry.intent.status !== "COMMITTED") throw new WireError(2004);
      entry.intent.status = "EXECUTING";
      return { intentId: req.intentId, intentStatus: entry.intent.status };
    },
    GetIntent: (req) => {
      const entry = svc.intents.get(req.intentId);
      if (!entry) throw new WireError(8000);
      return { intent: entry.intent };
    },
    GetIntentReceipt: (req) => ({ intentReceipt: receiptOf("get", req.intentId).receipt }),
    WaitIntentReceipt: (req) => {
      if (options.noLongPoll) throw new WireError(-2);
      const r = receiptOf("wait", req.intentId);
      return { intentReceipt: r.receipt, receiptStates: r.states, done: r.done };
    },
    SearchIntents: (req) => ({
      intents: [...svc.intents.values()]
        .map((e) => e.intent)
        .filter(
          (i) =>
            (!req.byOwnerAddress || i.ownerAddress === req.byOwnerAddress) &&
            (!req.byIntentId || i.intentId === req.byIntentId),
        ),
    }),
    GetIntentHistory: () => ({
      intents: [...svc.intents.values()].map(({ intent, step }) => ({
        intentId: intent.intentId,
        status: intent.status as IntentStatus,
        expiresAt: intent.expiresAt,
        receipt: sampleReceipt(intent, STEPS[step] ?? []),
      })),
    }),
    GetTokenPrices: (req) => ({
      tokenPrices: req.tokens.map((token: unknown) => ({
        token,
        priceUsd: 1,
        updatedAt: new Date(now()).toISOString(),
      })),
    }),
    Ping: () => ({ version: "fake-1" }),
    Clock: () => ({ serverTime: new Date(now()).toISOString() }),
  };

  const sendError = (
    res: ServerResponse,
    code: number,
    msg?: string,
    headers: Record<string, string> = {},
    status?: number,
  ) => {
    const def = errorDefinitions.find((d) => d.code === code);
    const body = def
      ? { error: def.error, code, msg: msg ?? def.message, status: status ?? def.status }
      : { error: "Mystery", code, msg: msg ?? "mystery", status: status ?? 418 };
    res.writeHead(body.status, {
      "content-type": "application/json",
      date: new Date(now()).toUTCString(),
      ...headers,
    });
    res.end(JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const op = byPath.get(req.url ?? "");
    if (!op) return sendError(res, -2);
    svc.received[op.name] = (svc.received[op.name] ?? 0) + 1;
    svc.lastHeaders[op.name] = req.headers;
    if (op.name === "WaitIntentReceipt" && options.longPollPage) {
      const page = options.longPollPage;
      res.writeHead(page.status, { "content-type": "text/plain; charset=utf-8", ...page.headers });
      return res.end(page.body);
    }
    const fault = queue.get(op.name)?.shift();
    if (fault?.kind === "raw") {
      res.writeHead(fault.status, fault.headers);
      return res.end(fault.body ?? "");
    }
    if (fault?.kind === "error")
      return sendError(res, fault.code, fault.msg, fault.headers, fault.status);
    if (fault?.kind === "reset-before") return req.socket.destroy();
    if (fault?.kind === "slow-headers") await new Promise((r) => setTimeout(r, fault.ms));
    if (!op.public && req.headers["x-access-key"] !== accessKey) {
      return sendError(res, req.headers["x-access-key"] ? 1101 : 1000);
    }
    let answer: string;
    try {
      const request = parseJson(Buffer.concat(chunks).toString("utf8"), op.requestType);
      const validate = (validators as Record<string, Validator | undefined>)[
        `validate${op.requestType}`
      ];
      if (!validate) throw new Error(`no validator for ${op.requestType}`);
      if (!validate(request)) {
        const issue = validate.errors?.[0];
        throw new WireError(2000, `${issue?.instancePath} ${issue?.message}`);
      }
      answer = stringifyJson(handlers[op.name]?.(request), op.responseType, { bigintAs });
      svc.processed[op.name] = (svc.processed[op.name] ?? 0) + 1;
    } catch (e) {
      if (e instanceof WireError) return sendError(res, e.code, e.message || undefined);
      return sendError(res, -6, String(e));
    }
    if (fault?.kind === "reset-after") return req.socket.destroy();
    const headers = { "content-type": "application/json", date: new Date(now()).toUTCString() };
    if (fault?.kind === "truncated") {
      const half = answer.slice(0, Math.floor(answer.length / 2));
      res.writeHead(200, { ...headers, "content-length": String(Buffer.byteLength(half)) });
      return res.end(half);
    }
    if (fault?.kind === "slow-body") {
      res.writeHead(200, headers);
      res.write(answer.slice(0, 10));
      await new Promise((r) => setTimeout(r, fault.ms));
      return res.end(answer.slice(10));
    }
    res.writeHead(200, headers);
    res.end(answer);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  svc.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return svc;
}
