/**
 * State across restarts (`DevServerOptions.state`), over loopback HTTP with an injected clock: a
 * server is stopped and a new one started on the same storage, and everything acknowledged before
 * is there: intents as quoted (a quote can still be committed), commits, executions and their
 * receipts, the generated key, the quote sequence (new quotes get new ids), the drops.
 */
import { afterEach, describe, expect, it } from "vitest";
import type {
  GetIntentReceiptResponse,
  GetIntentResponse,
  SearchIntentsResponse,
} from "../../../generated/types.js";
import type { StateStorage } from "../../../src/devserver/config/index.js";
import type { DevServer, StartOptions } from "../../../src/devserver/index.js";
import { call, executed, OWNER, quote, start } from "../../kit/devserver/helpers.js";

/** A storage in memory: what a file would hold, line by line. */
class MemoryStorage implements StateStorage {
  lines: string[] = [];
  appended = 0;
  replaced = 0;
  load(): readonly string[] {
    return [...this.lines];
  }
  append(line: string): void {
    expect(line).not.toContain("\n");
    this.lines.push(line);
    this.appended += 1;
  }
  replace(lines: readonly string[]): void {
    this.lines = [...lines];
    this.replaced += 1;
  }
  get size(): number {
    return this.lines.reduce((n, l) => n + l.length + 1, 0);
  }
}

const running: DevServer[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
});

async function boot(state: StateStorage, options: StartOptions = {}) {
  const started = await start({ state, ...options });
  running.push(started.srv);
  return started;
}

const intentOf = async (srv: DevServer, intentId: string) => {
  const a = await call(srv, "GetIntent", { intentId });
  expect(a.status, a.text).toBe(200);
  return (a.body as GetIntentResponse).intent;
};

describe("state across a restart", () => {
  it("brings back intents as quoted, commits, executions, receipts and the generated key", async () => {
    const state = new MemoryStorage();
    const first = await boot(state);
    const done = await executed(first.srv);
    const pending = await quote(first.srv);
    const committed = await quote(first.srv);
    expect((await call(first.srv, "CommitIntent", { intent: committed.intent })).status).toBe(200);
    const receiptBefore = (await call(first.srv, "GetIntentReceipt", { intentId: done }))
      .body as GetIntentReceiptResponse;
    await first.srv.close();

    const second = await boot(state, { clock: first.clock.now });
    expect(second.srv.accessKey).toBe(first.srv.accessKey);
    expect(second.srv.restored).toEqual({
      intents: 3,
      skipped: 0,
      keysFromState: true,
      resumed: 0,
    });
    expect(await call(second.srv, "GetIntentReceipt", { intentId: done })).toMatchObject({
      status: 200,
      body: receiptBefore,
    });
    expect((await intentOf(second.srv, committed.intent.intentId)).status).toBe("COMMITTED");
    // The quote as issued, bigints to the last digit: CommitIntent still takes it.
    expect(await intentOf(second.srv, pending.intent.intentId)).toEqual(pending.intent);
    const commit = await call(second.srv, "CommitIntent", { intent: pending.intent });
    expect(commit.status, commit.text).toBe(200);
    first.clock.advance(60_000);
    expect((await intentOf(second.srv, done)).status).toBe("SUCCEEDED");
    const search = await call(second.srv, "SearchIntents", { byOwnerAddress: OWNER });
    expect((search.body as SearchIntentsResponse).intents.map((i) => i.intentId).sort()).toEqual(
      [done, pending.intent.intentId, committed.intent.intentId].sort(),
    );
  });

  it("continues the quote sequence: the same request at the same time gets a new id", async () => {
    const state = new MemoryStorage();
    const first = await boot(state);
    const a = await quote(first.srv);
    await first.srv.close();
    const second = await boot(state, { clock: first.clock.now });
    const b = await quote(second.srv);
    expect(b.intent.intentId).not.toBe(a.intent.intentId);
    // A third run sees both, and the sequence goes on again.
    await second.srv.close();
    const third = await boot(state, { clock: first.clock.now });
    expect(third.srv.restored?.intents).toBe(2);
    const c = await quote(third.srv);
    expect(new Set([a, b, c].map((q) => q.intent.intentId)).size).toBe(3);
  });

  it("keeps the given key over the stored one, and records it for the next start", async () => {
    const state = new MemoryStorage();
    const first = await boot(state, { accessKeys: [{ key: "dev_given" }] });
    expect(first.srv.restored?.keysFromState).toBe(false);
    await first.srv.close();
    const second = await boot(state);
    expect(second.srv.accessKey).toBe("dev_given");
    expect(second.srv.restored?.keysFromState).toBe(true);
  });

  it("replays drops: what the bounds evicted stays evicted", async () => {
    const state = new MemoryStorage();
    const first = await boot(state, { maxQuotedIntents: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await quote(first.srv)).intent.intentId);
      first.clock.advance(1);
    }
    await first.srv.close();
    expect(state.lines.filter((l) => l.startsWith('{"t":"drop"'))).toHaveLength(3);
    const second = await boot(state, { maxQuotedIntents: 2, clock: first.clock.now });
    expect(second.srv.restored?.intents).toBe(2);
    for (const [i, id] of ids.entries()) {
      const a = await call(second.srv, "GetIntent", { intentId: id });
      expect(a.status, `${i}`).toBe(i < 3 ? 400 : 200);
      if (i < 3) expect(a.text).toContain('"error":"NotFound"');
    }
  });

  it("appends one line per change, and starts from a compact snapshot", async () => {
    const state = new MemoryStorage();
    const first = await boot(state);
    expect(state.replaced).toBe(1);
    expect(state.lines.slice(0, 3)).toEqual([
      '{"xchainIntentsState":1}',
      `{"t":"keys","keys":[{"key":"${first.srv.accessKey}"}]}`,
      '{"t":"issued","n":0}',
    ]);
    await executed(first.srv);
    expect(state.appended).toBe(3);
    expect(state.lines.slice(3).map((l) => (JSON.parse(l) as { t: string }).t)).toEqual([
      "quote",
      "commit",
      "execute",
    ]);
    await first.srv.close();
    await boot(state, { clock: first.clock.now });
    expect(state.lines.map((l) => (JSON.parse(l) as { t?: string }).t ?? "header")).toEqual([
      "header",
      "keys",
      "issued",
      "quote",
    ]);
  });

  it("refuses a storage that is not a state journal, naming the line", async () => {
    const move = "move it away to start afresh";
    const repair =
      "start with --repair (startDevServer({ repairState: true })) to keep every valid record and set the damaged lines aside in a file beside it";
    for (const [lines, message, advice] of [
      [['{"name":"my-app"}'], "it does not start as an xchain-intents state file does", move],
      [
        ['{"xchainIntentsState":1}', '{"t":"quote"', '{"t":"drop","id":"x"}'],
        "line 2 is not JSON",
        repair,
      ],
      [['{"xchainIntentsState":1}', '{"t":"rm -rf"}'], "line 2 is not a state entry", repair],
    ] as const) {
      const state = new MemoryStorage();
      state.lines = [...lines];
      await expect(start({ state })).rejects.toThrow(
        `the state cannot be read: ${message}; ${advice}`,
      );
      expect(state.lines).toEqual(lines);
    }
  });

  it("cannot repair a storage that has nowhere to set damaged lines aside, and leaves it as it was", async () => {
    const lines = ['{"xchainIntentsState":1}', "damaged", '{"t":"issued","n":3}'];
    const state = new MemoryStorage();
    state.lines = [...lines];
    await expect(start({ state, repairState: true })).rejects.toThrow(
      "the state cannot be repaired: its storage cannot set damaged lines aside",
    );
    expect(state.lines).toEqual(lines);
  });

  it("skips a progress entry whose shape is not an execution's progress, and starts", async () => {
    const state = new MemoryStorage();
    const first = await boot(state);
    const id = await executed(first.srv);
    await first.srv.close();
    running.splice(0);
    const bad = [
      null,
      7,
      { deposit: { status: "PENDING" } },
      { deposit: 1, origin: 1, destination: 1 },
    ];
    for (const chain of bad) state.lines.push(JSON.stringify({ t: "progress", id, chain }));
    state.lines.push(JSON.stringify({ t: "progress", id: "no-such-intent", chain: null }));
    const second = await boot(state);
    expect(second.srv.restored).toMatchObject({ intents: 1, skipped: bad.length + 1, resumed: 0 });
    const r = await call(second.srv, "GetIntentReceipt", { intentId: id });
    expect(r.status, r.text).toBe(200);
    expect((await intentOf(second.srv, id)).status).not.toBe("COMMITTED");
  });
});
