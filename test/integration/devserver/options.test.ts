/**
 * Options of the dev server that shape its ids and timing: `seed` and `durations`. Each server
 * here has its own manual clock, all starting at the same instant.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { IntentReceipt } from "../../../generated/types.js";
import type { DevServer, ManualClock, StartOptions } from "../../../src/devserver/index.js";
import { call, executed, quote, start } from "../../kit/devserver/helpers.js";

const servers: DevServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function server(options: StartOptions = {}): Promise<{ srv: DevServer; clock: ManualClock }> {
  const started = await start(options);
  servers.push(started.srv);
  return started;
}
const receipt = async (srv: DevServer, intentId: string): Promise<IntentReceipt> =>
  (await call(srv, "GetIntentReceipt", { intentId })).body.intentReceipt;
const hashes = (r: IntentReceipt) =>
  [r.depositTransaction, r.originTransaction, r.destinationTransaction].map((t) => t?.txnHash);

describe("seed", () => {
  it("gives the same ids, addresses and hashes for the same seed, others for another", async () => {
    const [a, b, other] = await Promise.all([
      server({ seed: "s1" }),
      server({ seed: "s1" }),
      server({ seed: "s2" }),
    ]);
    const [qa, qb, qo] = await Promise.all([quote(a.srv), quote(b.srv), quote(other.srv)]);
    expect(qb).toEqual(qa);
    expect(qo.intent.intentId).not.toBe(qa.intent.intentId);
    expect(qo.intent.salt).not.toBe(qa.intent.salt);
    expect(qo.intent.originIntentAddress).not.toBe(qa.intent.originIntentAddress);
    expect(qo.intent.originMetaTxn.id).not.toBe(qa.intent.originMetaTxn.id);
  });

  it("derives the same receipt transaction hashes on two servers with the same seed and clock", async () => {
    const run = async (options: StartOptions) => {
      const { srv, clock } = await server(options);
      const id = await executed(srv);
      clock.advance(60_000);
      return receipt(srv, id);
    };
    const [a, b, other] = await Promise.all([run({}), run({}), run({ seed: "another" })]);
    expect(a.status).toBe("SUCCEEDED");
    expect(hashes(a).every((h) => /^0x[0-9a-f]{64}$/.test(h ?? ""))).toBe(true);
    expect(hashes(b)).toEqual(hashes(a));
    expect(hashes(other)[0]).toBe(hashes(a)[0]);
    expect(hashes(other).slice(1)).not.toEqual(hashes(a).slice(1));
  });
});

describe("durations", () => {
  it("finishes an execution executingMs after it starts, and quotes that duration", async () => {
    const { srv, clock } = await server({ durations: { executingMs: 4_500 } });
    expect((await quote(srv)).intent.quote.estimatedDuration).toBe(4.5);
    const id = await executed(srv);
    clock.advance(4_499);
    expect((await receipt(srv, id)).status).toBe("EXECUTING");
    clock.advance(1);
    const done = await receipt(srv, id);
    expect(done.status).toBe("SUCCEEDED");
    expect(
      Date.parse(done.summary.finishedAt ?? "") - Date.parse(done.summary.startedAt ?? ""),
    ).toBe(4_500);
  });
});
