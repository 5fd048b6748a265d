/**
 * Fault injection (dev mode only): a request header `X-Dev-Fault: <fault>` or a scheduled rule
 * turns an answer into a failure a client must survive. Faults that happen before processing
 * leave the server untouched (`429*`, `500`, `503`, `html-502`, `reset-before`); `slow-headers`
 * delays, then processes; `empty`, `truncated`, `slow-body` and `reset-after` process the request
 * (a commit takes effect) and then spoil the answer.
 *
 * Chain faults apply to ExecuteIntent on real chains and change what happens on them, not the
 * answer: `deposit-dropped` (the deposit leaves the pool before it is mined, so the intent ends
 * FAILED) and `payout-delayed[:MS]` (the payout is sent MS ms late, 3000 by default).
 */

/** A scheduled fault: the next `times` requests (default 1) to `operation` (default any) fail so. */
export interface FaultRule {
  /** Operation name (`CommitIntent`); any operation when absent. */
  operation?: string;
  /** The fault, as in `X-Dev-Fault`. */
  fault: string;
  /** How many requests it applies to; default 1. */
  times?: number;
}

/** A parsed fault. */
export type Fault =
  | { kind: "429"; retryAfter: "seconds" | "date" | "ms" | "none"; seconds: number }
  | { kind: "500" | "503" | "html-502" | "empty" | "truncated" | "reset-before" | "reset-after" }
  | { kind: "slow-headers" | "slow-body"; ms: number }
  | ChainFault;

/** A fault of the chains, for ExecuteIntent on real chains. */
export type ChainFault = { kind: "deposit-dropped" } | { kind: "payout-delayed"; ms: number };

/** The operation chain faults apply to. */
export const CHAIN_FAULT_OPERATION = "ExecuteIntent";

/** Whether `fault` is a chain fault. */
export function isChainFault(fault: Fault): fault is ChainFault {
  return fault.kind === "deposit-dropped" || fault.kind === "payout-delayed";
}

/** Delay of `payout-delayed` without a number. */
const PAYOUT_DELAY_MS = 3000;

const simple = new Set([
  "500",
  "503",
  "html-502",
  "empty",
  "truncated",
  "reset-before",
  "reset-after",
]);

/** Parses a fault name; `undefined` when it is not one. */
export function parseFault(text: string): Fault | undefined {
  const t = text.trim().toLowerCase();
  if (simple.has(t)) return { kind: t } as Fault;
  if (t === "429") return { kind: "429", retryAfter: "seconds", seconds: 1 };
  if (t === "429-date") return { kind: "429", retryAfter: "date", seconds: 1 };
  if (t === "429-ms") return { kind: "429", retryAfter: "ms", seconds: 1 };
  if (t === "429-none") return { kind: "429", retryAfter: "none", seconds: 1 };
  if (t === "deposit-dropped") return { kind: "deposit-dropped" };
  if (t === "payout-delayed") return { kind: "payout-delayed", ms: PAYOUT_DELAY_MS };
  const m = /^(429|slow-headers|slow-body|payout-delayed):(\d{1,7})$/.exec(t);
  if (m === null) return undefined;
  const n = Number(m[2]);
  if (m[1] === "429") return { kind: "429", retryAfter: "seconds", seconds: n };
  return { kind: m[1] as "slow-body" | "payout-delayed", ms: n };
}

/** The scheduled rules, consumed in order. */
export class FaultSchedule {
  private readonly rules: { operation: string | undefined; fault: Fault; times: number }[] = [];

  constructor(rules: FaultRule[] = []) {
    this.add(rules);
  }

  /**
   * Schedules more rules. Throws on a fault name that does not exist, and on a chain fault for
   * an operation other than ExecuteIntent (without an operation, a chain fault waits for one).
   */
  add(rules: FaultRule[]): void {
    for (const r of rules) {
      const fault = parseFault(r.fault);
      if (fault === undefined) throw new Error(`unknown fault ${JSON.stringify(r.fault)}`);
      if (isChainFault(fault) && r.operation !== undefined && r.operation !== CHAIN_FAULT_OPERATION)
        throw new Error(`the chain fault ${r.fault} applies to ${CHAIN_FAULT_OPERATION} only`);
      this.rules.push({ operation: r.operation, fault, times: r.times ?? 1 });
    }
  }

  /** The fault of the first rule that applies to `operation`, consuming one of its uses. */
  take(operation: string): Fault | undefined {
    const i = this.rules.findIndex(
      (r) =>
        r.times > 0 &&
        (r.operation === undefined || r.operation === operation) &&
        (operation === CHAIN_FAULT_OPERATION || !isChainFault(r.fault)),
    );
    const rule = this.rules[i];
    if (rule === undefined) return undefined;
    rule.times -= 1;
    if (rule.times <= 0) this.rules.splice(i, 1);
    return rule.fault;
  }
}

/** The error a reset becomes: the connection is dropped (the socket-less fetch rejects with it). */
export class ConnectionReset extends TypeError {
  constructor(readonly processed: boolean) {
    super("fetch failed", {
      cause: new Error(
        processed ? "connection reset after processing (injected)" : "connection reset (injected)",
      ),
    });
    this.name = "TypeError";
  }
}

/** Whether `e` is an injected connection reset. */
export function isConnectionReset(e: unknown): e is ConnectionReset {
  return e instanceof ConnectionReset;
}
