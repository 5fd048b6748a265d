/**
 * The state file survives SIGKILL: `serve --state FILE` in a child, four clients quoting,
 * committing and executing as fast as the server lets them, the child killed with SIGKILL while
 * their requests are in flight (so in the middle of journal writes), then started again on the
 * same file. Three rounds. Everything the server acknowledged before a kill must be there after
 * it: each quote (still committable), each commit, each execution with its deposit hash, and the
 * generated access key. Loops are bounded by count and time.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createClient, type IntentClient } from "../../../src/index.js";
import { killMidRound } from "../../kit/reliability/kill-round.js";
import { pause } from "../../kit/reliability/pool.js";
import {
  type ServeChild,
  startServeChild,
  stopServeChild,
} from "../../kit/reliability/serve-child.js";
import { depositHash, quoteRequestFor, randomOwner } from "../../kit/reliability/service.js";
import { tempDirs } from "../../kit/temp-dirs.js";

const ROUNDS = 3;
const WORKERS = 4;
/** A round ends after this many acknowledged executions, or this long, whichever comes first. */
const EXECUTIONS_PER_ROUND = 12;
const ROUND_MS = 6_000;

const file = join(tempDirs("xchain-sigkill-")(), "dev-state.jsonl");

/** What the server acknowledged (a 200 received), by intent id. */
interface Acked {
  quoted: Map<string, import("../../../generated/types.js").Intent>;
  committed: Set<string>;
  executed: Map<string, string>;
}

function clientOf(srv: ServeChild): IntentClient {
  return createClient({
    baseUrl: srv.url,
    accessKey: srv.key,
    timeoutMs: 5_000,
    retry: { maxRetries: 5, baseDelayMs: 20, maxDelayMs: 1_500 },
  });
}

/** One client's loop: quote → commit → execute, recording each acknowledgement, until `stop`. */
async function worker(client: IntentClient, acked: Acked, stop: () => boolean, n: number) {
  const owner = randomOwner();
  for (let i = 0; !stop(); i++) {
    try {
      const { intent } = await client.quoteIntent(quoteRequestFor(owner));
      acked.quoted.set(intent.intentId, intent);
      if (stop()) return;
      await client.commitIntent({ intent });
      acked.committed.add(intent.intentId);
      if (stop()) return;
      const hash = depositHash(n * 100_000 + i);
      await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
      acked.executed.set(intent.intentId, hash);
    } catch {
      // Refused or cut by the kill: not acknowledged, nothing to check.
      if (stop()) return;
      await pause(20);
    }
  }
}

/** Checks that every acknowledged change is in the restarted server. */
async function checkAll(client: IntentClient, acked: Acked): Promise<void> {
  for (const [id, quoted] of acked.quoted) {
    const { intent } = await client.getIntent({ intentId: id });
    const was = acked.executed.has(id)
      ? "executed"
      : acked.committed.has(id)
        ? "committed"
        : "quoted";
    const allowed = {
      quoted: ["QUOTED", "COMMITTED", "EXECUTING", "SUCCEEDED", "FAILED"],
      committed: ["COMMITTED", "EXECUTING", "SUCCEEDED", "FAILED"],
      executed: ["EXECUTING", "SUCCEEDED"],
    }[was];
    expect(allowed, `${id} (${was})`).toContain(intent.status);
    expect(intent.quote, id).toEqual(quoted.quote);
  }
  // A receipt shows the deposit hash once the deposit has left PENDING (one stage, 1 s, after the
  // execution): an execution acknowledged just before the kill is read again until then.
  for (const [id, hash] of acked.executed) {
    const deadline = Date.now() + 5_000;
    let deposit = (await client.getIntentReceipt({ intentId: id })).intentReceipt
      .depositTransaction;
    while (deposit.status === "PENDING" && Date.now() < deadline) {
      await pause(100);
      deposit = (await client.getIntentReceipt({ intentId: id })).intentReceipt.depositTransaction;
    }
    expect(deposit.txnHash, id).toBe(hash);
  }
}

describe("serve --state FILE under SIGKILL", () => {
  it(`loses nothing acknowledged over ${ROUNDS} kills in the middle of writes`, async () => {
    const acked: Acked = { quoted: new Map(), committed: new Set(), executed: new Map() };
    let firstKey = "";
    const log: string[] = [];
    for (let round = 1; round <= ROUNDS + 1; round++) {
      const srv = await startServeChild(["--state", file]);
      const client = clientOf(srv);
      if (round === 1) firstKey = srv.key;
      else {
        expect(srv.key).toBe(firstKey);
        expect(srv.output()).toContain("(kept in the state file)");
        const restored = Number(/\((\d+) intents? restored/.exec(srv.output())?.[1]);
        expect(restored).toBeGreaterThanOrEqual(acked.quoted.size);
        await checkAll(client, acked);
        log.push(
          `round ${round - 1}: ${acked.quoted.size} quotes, ${acked.committed.size} commits, ${acked.executed.size} executions acknowledged so far, ${restored} intents restored`,
        );
      }
      if (round > ROUNDS) {
        // A quote from before the last kill can still be committed, and new quotes get new ids.
        const pending = [...acked.quoted.values()].find((q) => !acked.committed.has(q.intentId));
        if (pending !== undefined)
          expect((await client.commitIntent({ intent: pending })).intentId).toBe(pending.intentId);
        const { intent } = await client.quoteIntent(quoteRequestFor(randomOwner()));
        expect(acked.quoted.has(intent.intentId)).toBe(false);
        expect(await stopServeChild(srv)).toEqual({ code: 0, signal: null });
        break;
      }
      // Requests are in flight: the kill lands in the middle of appends and syncs.
      await killMidRound(srv, {
        loops: (killed) =>
          Array.from({ length: WORKERS }, (_, n) =>
            worker(client, acked, killed, round * WORKERS + n),
          ),
        executed: () => acked.executed.size,
        executions: EXECUTIONS_PER_ROUND,
        roundMs: ROUND_MS,
      });
    }
    console.log(`[state-file] ${log.join("; ")}`);
  }, 120_000);
});
