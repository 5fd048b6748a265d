/**
 * Every fault the dev server can inject, against a safe read (GetIntent) and the two
 * state-changing operations, over loopback HTTP: what the caller sees, how many requests were sent,
 * and what the server did (its counters). The table of observations is the README's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isServiceError, type ServiceError } from "../../../src/index.js";
import { OWNER } from "../../kit/devserver/helpers.js";
import { mapLimit, pause } from "../../kit/reliability/pool.js";
import {
  END,
  markdownTable,
  START,
  syncReadme,
  updating,
} from "../../kit/reliability/readme-table.js";
import { startCatcher, startFront } from "../../kit/reliability/redirects.js";
import { captureConsole, Exposure, leaks } from "../../kit/reliability/secrets.js";
import {
  depositHash,
  quoteRequestFor,
  recordingClient,
  startService,
} from "../../kit/reliability/service.js";

const MAX_RETRIES = 3;
const TIMEOUT_MS = 400;

type Op = "GetIntent" | "CommitIntent" | "ExecuteIntent";
const OPS: Op[] = ["GetIntent", "CommitIntent", "ExecuteIntent"];

interface FaultSpec {
  fault: string;
  label: string;
  /** Error class a state-changing call ends with; success when absent. */
  unsafeError?: string;
  /**
   * The client gives up while the server still holds the request: whether the reconciling read
   * already sees its effect is a race, so a state-changing call is sent once or twice (the server
   * treats a repeated commit or execution of the same intent as a no-op).
   */
  inFlight?: true;
  /**
   * Not a dev-server fault: a front on 127.0.0.1 answers the operation with this redirect status
   * to a server on localhost (another origin), which records whatever reaches it.
   */
  redirect?: number;
  /** Error class GetIntent ends with; success when absent. */
  readError?: string;
}

const redirectSpec = (status: number): FaultSpec => ({
  fault: `redirect-${status}`,
  label: `${status} redirect to another origin (127.0.0.1 → localhost)`,
  redirect: status,
  unsafeError: "RedirectRefusedError",
  readError: "RedirectRefusedError",
});

const FAULTS: FaultSpec[] = [
  { fault: "429", label: "429, `Retry-After: 1`" },
  { fault: "429-date", label: "429, `Retry-After: <HTTP date>`" },
  { fault: "429-ms", label: "429, `retry-after-ms: 1000`" },
  { fault: "429-none", label: "429, no `Retry-After`" },
  { fault: "500", label: "500 webrpc body", unsafeError: "WebrpcInternalErrorError" },
  { fault: "503", label: "503 webrpc body", unsafeError: "ChainNodeHealthError" },
  { fault: "html-502", label: "502 HTML page (proxy)" },
  { fault: "empty", label: "200, empty body" },
  { fault: "truncated", label: "200, truncated JSON" },
  {
    fault: "slow-headers:1500",
    label: `headers after 1.5 s (timeout ${TIMEOUT_MS} ms)`,
    inFlight: true,
  },
  { fault: "slow-body:1500", label: `body after 1.5 s (timeout ${TIMEOUT_MS} ms)` },
  { fault: "slow-body:100", label: "body after 0.1 s (within the timeout)" },
  { fault: "reset-before", label: "connection reset before processing" },
  { fault: "reset-after", label: "connection reset after processing" },
  ...[301, 302, 303, 307, 308].map(redirectSpec),
];

interface Cell {
  spec: FaultSpec;
  op: Op;
  error: ServiceError | undefined;
  thrown: unknown;
  /** Requests of `op` that reached the server. */
  sent: number;
  retries: number;
  maxAttempt: number;
  /** GetIntent reads made to reconcile. */
  reads: number;
  /** Times the server processed `op` (answered it without error, spoiled or not). */
  processed: number;
  /** Commits or executions that took effect. */
  effects: number;
  statusBefore: string;
  statusAfter: string;
  /** Requests that reached the other origin a redirect pointed to (redirect rows only). */
  elsewhere: number | undefined;
}

const exposure = new Exposure();
let cells: Cell[] = [];

const AFTER: Record<Op, string> = {
  GetIntent: "QUOTED",
  CommitIntent: "COMMITTED",
  ExecuteIntent: "EXECUTING",
};

async function observe(spec: FaultSpec, op: Op): Promise<Cell> {
  const srv = await startService({ faults: true, durations: { stageMs: 60_000 } });
  const front = spec.redirect ? await startFront(srv.url) : undefined;
  const catcher = spec.redirect ? await startCatcher() : undefined;
  try {
    const { client, retries } = recordingClient(front?.url ?? srv.url, {
      maxRetries: MAX_RETRIES,
      timeoutMs: TIMEOUT_MS,
      exposure,
    });
    const { intent } = await client.quoteIntent(quoteRequestFor(OWNER));
    const intentId = intent.intentId;
    if (op === "ExecuteIntent") await client.commitIntent({ intent });
    const statusOf = async () => (await client.getIntent({ intentId })).intent.status;
    const statusBefore = await statusOf();
    const before = srv.stats();
    retries.length = 0;
    if (front && catcher && spec.redirect) {
      front.redirect({ operation: op, status: spec.redirect, location: `${catcher.url}{path}` });
    } else {
      srv.injectFaults([{ operation: op, fault: spec.fault }]);
    }
    let thrown: unknown;
    try {
      if (op === "GetIntent") await client.getIntent({ intentId });
      if (op === "CommitIntent") await client.commitIntent({ intent });
      if (op === "ExecuteIntent")
        await client.executeIntent({ intentId, depositTransactionHash: depositHash(1) });
    } catch (e) {
      thrown = e;
      exposure.record(e);
    }
    // A request the client gave up on may still be running on the server: let it finish.
    await pause(spec.fault.startsWith("slow") ? 1_700 : 50);
    const after = srv.stats();
    const delta = (pick: (s: typeof after) => number) => pick(after) - pick(before);
    const cell: Cell = {
      spec,
      op,
      error: isServiceError(thrown) ? thrown : undefined,
      thrown,
      // A redirected request reached the front, not the dev server behind it.
      sent: delta((s) => s.requests[op] ?? 0) + (front?.redirected[op] ?? 0),
      retries: retries.length,
      maxAttempt: Math.max(0, ...retries.map((r) => r.attempt)),
      reads: op === "GetIntent" ? 0 : delta((s) => s.requests.GetIntent ?? 0),
      processed: delta((s) => s.succeeded[op] ?? 0),
      effects: delta((s) => (op === "CommitIntent" ? s.commits : s.executions)),
      statusBefore,
      statusAfter: await statusOf(),
      elsewhere: catcher?.caught.length,
    };
    return cell;
  } finally {
    await front?.close();
    await catcher?.close();
    await srv.close();
  }
}

function outcome(c: Cell): string {
  if (c.thrown === undefined) return "success";
  return c.error ? `\`${c.error.name}\` (${c.error.status})` : "NOT A ServiceError";
}

function tookEffect(c: Cell): string {
  if (c.op === "GetIntent") return "– (read)";
  if (c.effects === 0) return "no";
  return c.effects === 1 ? "once" : `${c.effects} times`;
}

/** Requests sent; an in-flight cell is marked for the note under the table. */
function sentShown(c: Cell): string {
  return c.spec.inFlight && c.op !== "GetIntent" ? `${c.sent} †` : String(c.sent);
}

/** Whether the commit or execution took effect; an in-flight one may land after the answer. */
function effectShown(c: Cell): string {
  return c.spec.inFlight && c.op !== "GetIntent" ? "at most once †" : tookEffect(c);
}

function table(all: Cell[]): string {
  const rows = all.map((c) => [
    c.spec.label,
    c.op,
    outcome(c),
    sentShown(c),
    String(c.retries),
    c.op === "GetIntent" ? "–" : String(c.reads),
    effectShown(c),
    c.elsewhere === undefined ? "–" : String(c.elsewhere),
  ]);
  const note = [
    "† The client timed out while the server still held the request. An unmoved intent proves",
    "nothing then (the request may still land), so the client never re-sends after a timeout: it",
    "reads the intent, returns success if the server already acted, and otherwise a",
    "`RequestTimeoutError` saying the outcome is unknown (read the intent before trying again).",
  ].join("\n");
  return `${markdownTable(
    [
      "Fault",
      "Operation",
      "Caller sees",
      "Sent",
      "Retries",
      "Reconciling reads",
      "Took effect",
      "Other origin got",
    ],
    rows,
  )}\n\n${note}`;
}

const INTRO = [
  "Every fault the dev server injects, against a read and the two state-changing operations, over",
  "loopback HTTP with the default retry policy (3 retries; small delays in the test). *Sent*: requests",
  "of the operation that reached the server; *Reconciling reads*: `GetIntent` calls the client made",
  "to learn whether an ambiguous commit or execution took effect; *Took effect*: commits or",
  "executions the server counted; *Other origin got*: for the redirect rows (a front on 127.0.0.1",
  "answering the operation with a redirect to a server on localhost), the requests that reached",
  "that server — a followed redirect would have carried `X-Access-Key` there. Generated by",
  "`npm run docs:reliability` from `test/integration/reliability/fault-matrix.test.ts`; the test fails when this",
  "table differs from what it sees.",
].join("\n");

let restoreConsole: () => void = () => {};

beforeAll(async () => {
  restoreConsole = captureConsole(exposure);
  const jobs = FAULTS.flatMap((spec) => OPS.map((op) => ({ spec, op })));
  cells = await mapLimit(jobs, 6, ({ spec, op }) => observe(spec, op));
}, 120_000);

afterAll(() => restoreConsole());

describe("fault matrix", () => {
  for (const spec of FAULTS) {
    describe(spec.label, () => {
      it(`GetIntent (safe to repeat) ${spec.readError ? `ends with ${spec.readError} at once` : "succeeds within the retry budget"}`, () => {
        const c = find(spec, "GetIntent");
        if (spec.readError) {
          expect(c.error?.name).toBe(spec.readError);
          expect(c.error?.isRetryable).toBe(false);
          expect([c.sent, c.retries]).toEqual([1, 0]);
          return;
        }
        expect(c.thrown).toBeUndefined();
        expect(c.retries).toBeLessThanOrEqual(MAX_RETRIES);
        expect(c.maxAttempt).toBeLessThanOrEqual(MAX_RETRIES);
        expect(c.sent).toBe(1 + c.retries);
      });

      for (const op of ["CommitIntent", "ExecuteIntent"] as const) {
        it(`${op} takes effect at most once, and exactly when the caller is told so`, () => {
          const c = find(spec, op);
          if (spec.inFlight) {
            // The request may still be held by the server: never re-sent, outcome unknown.
            expect(c.error?.name).toBe("RequestTimeoutError");
            expect(c.error?.isRetryable).toBe(false);
            expect(String(c.error?.message)).toMatch(/outcome is unknown/);
            expect(c.sent).toBe(1 + c.retries);
            expect(c.reads).toBeGreaterThanOrEqual(1);
            expect(c.processed).toBeLessThanOrEqual(1);
            expect(c.effects).toBeLessThanOrEqual(1);
            return;
          }
          if (spec.unsafeError) {
            expect(c.error?.name).toBe(spec.unsafeError);
            expect(c.error?.isRetryable).toBe(false);
          } else {
            expect(c.thrown).toBeUndefined();
          }
          expect(c.processed).toBeLessThanOrEqual(1);
          expect(c.effects).toBeLessThanOrEqual(1);
          const succeeded = c.thrown === undefined;
          expect(c.effects).toBe(succeeded ? 1 : 0);
          expect(c.statusAfter).toBe(succeeded ? AFTER[op] : c.statusBefore);
          expect(c.retries).toBeLessThanOrEqual(MAX_RETRIES);
          // Besides retries of refusals, at most one re-send, and only after a read showed that
          // the server had not acted.
          const resent = c.sent - 1 - c.retries;
          expect(resent).toBeGreaterThanOrEqual(0);
          expect(resent).toBeLessThanOrEqual(1);
          if (resent === 1) expect(c.reads).toBeGreaterThanOrEqual(1);
        });
      }

      if (spec.redirect) {
        it("nothing reaches the origin the redirect points to", () => {
          for (const op of OPS) expect(find(spec, op).elsewhere).toBe(0);
        });
      }

      it("no error, retry notice or log line shows the access key", () => {
        for (const op of OPS) {
          const c = find(spec, op);
          if (c.thrown !== undefined) {
            expect(isServiceError(c.thrown)).toBe(true);
            expect(leaks(c.thrown)).toEqual([]);
          }
        }
      });
    });
  }

  it("nothing the run exposed (errors, onRetry notices, console) holds the access key", () => {
    const { scanned, leaked } = exposure.scan();
    expect(scanned).toBeGreaterThan(FAULTS.length);
    expect(leaked).toEqual([]);
  });

  it(`README table ${updating ? "written" : "matches what was observed"}`, () => {
    const observed = table(cells);
    const inReadme = syncReadme(observed, INTRO);
    expect(inReadme, `README.md needs ${START} … ${END}; run npm run docs:reliability`).toBe(
      observed,
    );
  });
});

function find(spec: FaultSpec, op: Op): Cell {
  const c = cells.find((x) => x.spec === spec && x.op === op);
  if (!c) throw new Error(`no observation for ${spec.fault} × ${op}`);
  return c;
}
