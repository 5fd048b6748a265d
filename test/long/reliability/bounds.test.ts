/**
 * The dev server's memory and loop bounds, measured from outside: the server runs in a child
 * process with a small heap (`--max-old-space-size`), is driven far past every bound over loopback
 * HTTP, and must keep its memory bounded, answer every request past a bound with a typed error,
 * and keep answering. A large search must not stall the loop: Ping is timed while it is served.
 */
import { afterEach, describe, expect, it } from "vitest";
import { stringifyJson } from "../../../src/codec/index.js";
import { isErrorBody, OWNER, usdcRequest } from "../../kit/devserver/helpers.js";
import { type BoundedChild, startBoundedChild } from "../../kit/reliability/bounded-child.js";

const HEAP_MB = 64;
const CALLDATA_MAX = 64 * 1024;

type Child = BoundedChild;
let child: Child | undefined;
afterEach(() => {
  child?.proc.kill("SIGKILL");
  child = undefined;
});

const startChild = (options: Record<string, unknown>) => startBoundedChild(options, HEAP_MB);

interface Reply {
  status: number;
  text: string;
  headers: Headers;
}

async function post(c: Child, op: string, body: string): Promise<Reply> {
  const res = await fetch(`${c.url}/rpc/Service/${op}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-access-key": c.key },
    body,
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

const quoteBody = (amount: bigint, extra: Record<string, unknown> = {}) =>
  stringifyJson(
    { ...usdcRequest({ originTokenAmount: amount }), ...extra },
    "QuoteIntentRequest",
    {},
  );

/** Runs `task(i)` for i in [0, n) with `width` at a time. */
async function pool(n: number, width: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

const MB = 1024 * 1024;

describe("dev server bounds under a small heap", () => {
  it("keeps memory bounded far past the store budget, refuses oversized fields with typed errors, keeps answering", {
    timeout: 120_000,
  }, async () => {
    const c = await startChild({
      rateLimit: false,
      maxStoreBytes: 16 * MB,
      durations: { stageMs: 1 },
    });
    child = c;
    const calldata = `0x${"ab".repeat(CALLDATA_MAX)}`;
    const statuses: Record<string, number> = {};
    const firstIds: string[] = [];
    const rss: number[] = [];
    const heap: number[] = [];
    const quotes = 480; // about 130 MiB of intents as counted, 8 times the budget
    await pool(quotes, 4, async (i) => {
      const q = await post(
        c,
        "QuoteIntent",
        quoteBody(BigInt(10_000_000 + i), { destinationCallData: calldata }),
      );
      statuses[q.status] = (statuses[q.status] ?? 0) + 1;
      if (q.status !== 200) throw new Error(`quote ${i}: ${q.status} ${q.text.slice(0, 200)}`);
      const intent = q.text.slice(
        q.text.indexOf('"intent":') + 9,
        q.text.lastIndexOf(',"gasFeeOptions"'),
      );
      const intentId = /"intentId":"([^"]+)"/.exec(q.text)?.[1] as string;
      if (i < 4) firstIds.push(intentId);
      if (i % 3 === 0) {
        // Committed and executed: these settle within milliseconds and become evictable.
        const commit = await post(c, "CommitIntent", `{"intent":${intent}}`);
        expect(commit.status, commit.text.slice(0, 200)).toBe(200);
        const exec = await post(
          c,
          "ExecuteIntent",
          JSON.stringify({ intentId, depositTransactionHash: `0x${"cd".repeat(32)}` }),
        );
        expect(exec.status).toBe(200);
      }
      if (i % 60 === 59) {
        const m = await c.memory();
        rss.push(m.rss);
        heap.push(m.heapUsed);
      }
    });
    // Past each request bound: a typed error naming the field, never a 5xx.
    const over = [
      ["/destinationCallData", quoteBody(1n, { destinationCallData: `${calldata}ab` })],
      ["/fundMethod", quoteBody(1n, { fundMethod: "x".repeat(5000) })],
      // A string in a member the schema does not know is bounded by the body limit alone, as the
      // published schema says (the request schemas and the server's checks are one source).
      ["/extra", quoteBody(1n, { extra: Array.from({ length: 2000 }, () => 1) })],
    ] as const;
    for (const [pointer, body] of over) {
      const a = await post(c, "QuoteIntent", body);
      expect(isErrorBody(a.text)).toBe(true);
      expect(JSON.parse(a.text)).toMatchObject({ error: "InvalidArgument", code: 2000 });
      expect(JSON.parse(a.text).cause.startsWith(`${pointer}: `), a.text).toBe(true);
    }
    // The oldest quotes were dropped (the eviction rule), the server still answers.
    const gone = await post(c, "GetIntent", JSON.stringify({ intentId: firstIds[1] }));
    expect(JSON.parse(gone.text)).toMatchObject({ error: "NotFound" });
    expect((await post(c, "Ping", "{}")).status).toBe(200);
    const last = await c.memory();
    console.log(
      `bounds: ${quotes} quotes with ${CALLDATA_MAX / 1024} KiB calldata, heap limit ${HEAP_MB} MB, budget 16 MiB;`,
      `rss MB ${rss.map((r) => Math.round(r / MB)).join(" ")} → ${Math.round(last.rss / MB)};`,
      `heapUsed MB ${heap.map((h) => Math.round(h / MB)).join(" ")} → ${Math.round(last.heapUsed / MB)}`,
    );
    expect(statuses).toEqual({ 200: quotes });
    // Bounded: the heap stays well under its limit, and stops growing once the store is full.
    expect(Math.max(...heap, last.heapUsed)).toBeLessThan(HEAP_MB * MB * 0.9);
    const plateau = Math.min(...rss.slice(1));
    expect(Math.max(...rss.slice(1), last.rss)).toBeLessThan(plateau + 48 * MB);
  });

  it("answers a search of hundreds of intents within its bounds while Ping keeps answering quickly", {
    timeout: 120_000,
  }, async () => {
    const c = await startChild({ rateLimit: false });
    child = c;
    const n = 700;
    await pool(n, 4, async (i) => {
      const q = await post(c, "QuoteIntent", quoteBody(BigInt(10_000_000 + i)));
      if (q.status !== 200) throw new Error(`quote ${i}: ${q.text.slice(0, 200)}`);
    });
    // One search first, unmeasured: the encoder's first run includes compiling it.
    const warm = await post(c, "SearchIntents", JSON.stringify({ byOwnerAddress: OWNER }));
    expect(warm.status).toBe(200);
    /** Ping round trips, one every 5 ms, while `busy()` holds (at least `min` of them). */
    const pings = async (busy: () => boolean, min: number) => {
      const latencies: number[] = [];
      while ((busy() || latencies.length < min) && latencies.length < 1000) {
        const t0 = performance.now();
        const p = await post(c, "Ping", "{}");
        expect(p.status).toBe(200);
        latencies.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 5));
      }
      return latencies;
    };
    const attempts: { idleMaxMs: number; pingMaxMs: number; pings: number; searchMs: number }[] =
      [];
    const passes = (a: { idleMaxMs: number; pingMaxMs: number; pings: number }) =>
      a.pings >= 3 && (a.pingMaxMs < 50 || a.pingMaxMs < 2 * a.idleMaxMs + 10);
    for (let attempt = 0; attempt < 5; attempt++) {
      // The same pings with the server idle: on a loaded machine they show its own noise.
      const idle = await pings(() => false, 10);
      const started = performance.now();
      let searching = true;
      const search = post(c, "SearchIntents", JSON.stringify({ byOwnerAddress: OWNER })).finally(
        () => {
          searching = false;
        },
      );
      const latencies = await pings(() => searching, 0);
      const found = await search;
      const searchMs = performance.now() - started;
      expect(found.status).toBe(200);
      const body = JSON.parse(found.text) as { intents: unknown[] };
      expect(body.intents).toHaveLength(500);
      expect(found.headers.get("x-total-count")).toBe(String(n));
      expect(found.text.length).toBeLessThanOrEqual(4 * MB);
      const measured = {
        idleMaxMs: Math.round(Math.max(...idle)),
        pingMaxMs: Math.round(Math.max(...latencies)),
        pings: latencies.length,
        searchMs: Math.round(searchMs),
      };
      attempts.push(measured);
      if (measured.pings >= 3 && measured.pingMaxMs < 50) break;
    }
    console.log("search (3.6 MB answer) vs ping:", JSON.stringify(attempts));
    // Under 50 ms, or (on a machine so loaded that idle pings take as long) no worse than
    // twice the idle latency: a loop stalled by the whole answer (about 300 ms) fails both.
    expect(attempts.some(passes), JSON.stringify(attempts)).toBe(true);
  });
});
