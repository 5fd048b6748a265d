/**
 * Fault injection (dev mode only): a request header `X-Dev-Fault: <fault>` or a scheduled rule
 * turns an answer into a failure a client must survive. Faults that happen before processing
 * leave the server untouched (`429*`, `500`, `503`, `html-502`, `reset-before`); `slow-headers`
 * delays, then processes; `empty`, `truncated`, `slow-body` and `reset-after` process the request
 * (a commit takes effect) and then spoil the answer.
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
  | { kind: "slow-headers" | "slow-body"; ms: number };

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
  const m = /^(429|slow-headers|slow-body):(\d{1,7})$/.exec(t);
  if (m === null) return undefined;
  const n = Number(m[2]);
  return m[1] === "429"
    ? { kind: "429", retryAfter: "seconds", seconds: n }
    : { kind: m[1] as "slow-body", ms: n };
}

/** The scheduled rules, consumed in order. */
export class FaultSchedule {
  private readonly rules: { operation: string | undefined; fault: string; times: number }[] = [];

  constructor(rules: FaultRule[] = []) {
    this.add(rules);
  }

  /** Schedules more rules. Throws on a fault name that does not exist. */
  add(rules: FaultRule[]): void {
    for (const r of rules) {
      if (parseFault(r.fault) === undefined)
        throw new Error(`unknown fault ${JSON.stringify(r.fault)}`);
      this.rules.push({ operation: r.operation, fault: r.fault, times: r.times ?? 1 });
    }
  }

  /** The fault of the first rule that applies to `operation`, consuming one of its uses. */
  take(operation: string): Fault | undefined {
    const i = this.rules.findIndex(
      (r) => r.times > 0 && (r.operation === undefined || r.operation === operation),
    );
    const rule = this.rules[i];
    if (rule === undefined) return undefined;
    rule.times -= 1;
    if (rule.times <= 0) this.rules.splice(i, 1);
    return parseFault(rule.fault);
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
