/**
 * Memory under a long run: a dev server in a child process (`startBoundedChild`) with a small
 * store budget takes a mixed load (quotes, half of them with calldata; commits and executions that
 * settle at once; reads, searches, history pages, receipts) from eight clients for `SOAK_S`
 * seconds, with its RSS sampled throughout. The store fills its budget in the first third; from
 * then on the RSS must reach a plateau: the last third rises no more than `TOLERANCE` above the
 * highest sample before it, and every sample stays under a bound derived from the budget (see
 * `BOUND`). A leak grows with the calls and fails the first; a store past its budget the second.
 */
import { afterAll, describe, expect, it } from "vitest";
import { stringifyJson } from "../../../src/codec/index.js";
import { usdcRequest } from "../../kit/devserver/helpers.js";
import { type BoundedChild, startBoundedChild } from "../../kit/reliability/bounded-child.js";
import { depositHash, randomOwner } from "../../kit/reliability/service.js";

const MB = 1024 * 1024;
const SOAK_S = 150;
const SAMPLE_MS = 3_000;
const CLIENTS = 8;
/** The store's byte budget: small, so that it fills within the first third of the run. */
const BUDGET = 24 * MB;
const HEAP_MB = 256;
/**
 * What the server may hold above its idle RSS: the store within its budget plus the dropped
 * records not yet let go of (1/8 more), twice (V8 lets its heap grow to about twice what is live
 * before a full collection), the counted bytes being an estimate (intents as parsed take more than
 * their JSON: a factor 2 more), and 64 MiB for the rest (sockets, buffers, code compiled later).
 */
const BOUND = 2 * 2 * BUDGET * (1 + 1 / 8) + 64 * MB;
/** How far the last third may rise above the highest sample before it. */
const TOLERANCE = 16 * MB;

let child: BoundedChild | undefined;
afterAll(() => {
  child?.proc.kill("SIGKILL");
});

async function post(
  c: BoundedChild,
  op: string,
  body: string,
): Promise<{ status: number; text: string }> {
  const res = await fetch(`${c.url}/rpc/Service/${op}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-access-key": c.key },
    body,
  });
  return { status: res.status, text: await res.text() };
}

const calldata = `0x${"ab".repeat(4096)}`;
const owners = Array.from({ length: 40 }, () => randomOwner());

describe("memory under a long run", () => {
  it(`reaches an RSS plateau set by the store budget (${SOAK_S} s)`, {
    timeout: (SOAK_S + 60) * 1000,
  }, async () => {
    const c = await startBoundedChild(
      { rateLimit: false, maxStoreBytes: BUDGET, durations: { stageMs: 1 } },
      HEAP_MB,
    );
    child = c;
    await post(c, "Ping", "{}");
    const idle = (await c.memory()).rss;
    const statuses = new Map<string, number>();
    /**
     * Counts an answer: 200, a read of an intent the store dropped (`NotFound`: with so small a
     * budget an executed intent, settled at once, is the first to go), or anything else by
     * operation, status and body.
     */
    const count = (op: string, a: { status: number; text: string }) => {
      const dropped =
        a.status === 400 && op.startsWith("GetIntent") && a.text.includes('"NotFound"');
      const what =
        a.status === 200
          ? "200"
          : dropped
            ? "read of a dropped intent"
            : `${op} ${a.status} ${a.text.slice(0, 120)}`;
      statuses.set(what, (statuses.get(what) ?? 0) + 1);
    };
    const until = performance.now() + SOAK_S * 1000;
    let calls = 0;
    const client = async (w: number) => {
      for (let i = 0; performance.now() < until; i++) {
        const owner = owners[(w * 7 + i) % owners.length] as string;
        const extra = i % 2 === 0 ? { destinationCallData: calldata } : {};
        const q = await post(
          c,
          "QuoteIntent",
          stringifyJson(
            {
              ...usdcRequest({ ownerAddress: owner, originTokenAmount: BigInt(1_000_000 + i) }),
              ...extra,
            },
            "QuoteIntentRequest",
            {},
          ),
        );
        count("QuoteIntent", q);
        calls++;
        if (q.status !== 200) continue;
        const intent = q.text.slice(
          q.text.indexOf('"intent":') + 9,
          q.text.lastIndexOf(',"gasFeeOptions"'),
        );
        const intentId = /"intentId":"([^"]+)"/.exec(q.text)?.[1] as string;
        const id = JSON.stringify({ intentId });
        const steps: [string, string][] = [["GetIntent", id]];
        if (i % 2 === 1) {
          steps.push(
            ["CommitIntent", `{"intent":${intent}}`],
            [
              "ExecuteIntent",
              // A deposit of its own: one transaction cannot pay two intents.
              JSON.stringify({ intentId, depositTransactionHash: depositHash(w * 1_000_000 + i) }),
            ],
            ["GetIntentReceipt", id],
          );
        }
        if (i % 10 === 0) {
          steps.push(
            ["SearchIntents", JSON.stringify({ byOwnerAddress: owner })],
            ["GetIntentHistory", JSON.stringify({ byOwnerAddress: owner, page: { pageSize: 20 } })],
          );
        }
        for (const [op, body] of steps) {
          count(op, await post(c, op, body));
          calls++;
        }
      }
    };
    const samples: { s: number; rss: number; stored: number; evicted: number }[] = [];
    const t0 = performance.now();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        await new Promise((r) => setTimeout(r, SAMPLE_MS));
        // One question at a time: the answers come back over one channel.
        const m = await c.memory();
        const st = await c.stats();
        samples.push({
          s: Math.round((performance.now() - t0) / 1000),
          rss: m.rss,
          stored: st.stored.bytes,
          evicted: st.evicted,
        });
      }
    })();
    await Promise.all(Array.from({ length: CLIENTS }, (_, w) => client(w)));
    sampling = false;
    await sampler;

    const mb = (b: number) => Math.round(b / MB);
    const third = Math.floor(samples.length / 3);
    const before = samples.slice(0, samples.length - third);
    const last = samples.slice(samples.length - third);
    const peakBefore = Math.max(...before.map((x) => x.rss));
    const peakLast = Math.max(...last.map((x) => x.rss));
    console.log(
      `soak: ${calls} calls in ${SOAK_S} s, statuses ${JSON.stringify(Object.fromEntries(statuses))};`,
      `budget ${mb(BUDGET)} MiB, idle RSS ${mb(idle)} MiB, bound ${mb(idle + BOUND)} MiB;`,
      `RSS MiB by time: ${samples.map((x) => `${x.s}s:${mb(x.rss)}`).join(" ")};`,
      `peak before the last third ${mb(peakBefore)}, in it ${mb(peakLast)};`,
      `stored MiB ${samples.map((x) => mb(x.stored)).join(" ")}; evicted ${samples.at(-1)?.evicted}`,
    );
    // Every call answered, none refused for room (settled records and quotes make room), no 5xx.
    expect([...statuses.keys()].filter((k) => k !== "read of a dropped intent")).toEqual(["200"]);
    // The store filled its budget (and dropped records) before the last two thirds.
    expect(samples[third - 1]?.evicted ?? 0).toBeGreaterThan(0);
    // Within the budget, give or take what executions count after the last quote made room
    // (their arguments, a few hundred bytes each, until the next quote drops for them).
    for (const x of samples) expect(x.stored).toBeLessThanOrEqual(BUDGET + 64 * 1024);
    expect(peakLast).toBeLessThanOrEqual(peakBefore + TOLERANCE);
    expect(Math.max(...samples.map((x) => x.rss))).toBeLessThan(idle + BOUND);
  });
});
