/**
 * Project isolation over loopback HTTP: a key of project 1 neither sees nor acts on the intents of
 * project 2 through any operation (another project's intent is NotFound, as an unknown one; a
 * `byProjectId` of another project is PermissionDenied), and an `allProjects` key sees both.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer, ManualClock } from "../../../src/devserver/index.js";
import {
  type Answer,
  call,
  OWNER,
  quote,
  start,
  usdcRequest,
} from "../../kit/devserver/helpers.js";

const HASH = `0x${"ab".repeat(32)}`;
let srv: DevServer;
let clock: ManualClock;
const ids: Record<string, string> = {};

/** Quotes, commits and executes as `key`; returns the intent id. */
async function executedAs(key: string, amount: bigint): Promise<string> {
  const q = await call(srv, "QuoteIntent", usdcRequest({ originTokenAmount: amount }), { key });
  expect(q.status).toBe(200);
  const intent = q.body.intent;
  expect((await call(srv, "CommitIntent", { intent }, { key })).status).toBe(200);
  const e = await call(
    srv,
    "ExecuteIntent",
    { intentId: intent.intentId, depositTransactionHash: HASH },
    { key },
  );
  expect(e.status).toBe(200);
  return intent.intentId;
}

const notFound = (a: Answer) => {
  expect(a.body).toMatchObject({ error: "NotFound", code: 8000 });
};
const idsOf = (a: Answer) => (a.body.intents as { intentId: string }[]).map((i) => i.intentId);
const historyIds = (a: Answer) => (a.body.intents as { intentId: string }[]).map((i) => i.intentId);

beforeAll(async () => {
  ({ srv, clock } = await start({
    accessKeys: [
      { key: "p1" },
      { key: "p2", projectId: 2 },
      { key: "ops", projectId: 3, allProjects: true },
    ],
  }));
  ids.one = await executedAs("p1", 10_000_000n);
  clock.advance(1);
  ids.two = await executedAs("p2", 20_000_000n);
  clock.advance(60_000);
});
afterAll(() => srv.close());

describe("project isolation", () => {
  it("answers reads of another project's intent with NotFound, as for an unknown id", async () => {
    notFound(await call(srv, "GetIntent", { intentId: ids.two }, { key: "p1" }));
    notFound(await call(srv, "GetIntentReceipt", { intentId: ids.two }, { key: "p1" }));
    notFound(await call(srv, "WaitIntentReceipt", { intentId: ids.two }, { key: "p1" }));
    const unknown = await call(
      srv,
      "GetIntent",
      { intentId: "00000000-0000-4000-8000-000000000000" },
      { key: "p1" },
    );
    expect(Object.keys(unknown.body).sort()).toEqual(
      Object.keys((await call(srv, "GetIntent", { intentId: ids.two }, { key: "p1" })).body).sort(),
    );
    expect((await call(srv, "GetIntent", { intentId: ids.two }, { key: "p2" })).status).toBe(200);
  });

  it("refuses to commit or execute another project's intent", async () => {
    const q = await call(srv, "QuoteIntent", usdcRequest({ originTokenAmount: 30_000_000n }), {
      key: "p2",
    });
    const commit = await call(srv, "CommitIntent", { intent: q.body.intent }, { key: "p1" });
    notFound(commit);
    expect(commit.body.cause).toMatch(/^\/intent\/intentId: /);
    const before = srv.stats().commits;
    expect((await call(srv, "CommitIntent", { intent: q.body.intent }, { key: "p2" })).status).toBe(
      200,
    );
    expect(srv.stats().commits).toBe(before + 1);
    const exec = await call(
      srv,
      "ExecuteIntent",
      { intentId: q.body.intent.intentId, depositTransactionHash: HASH },
      { key: "p1" },
    );
    notFound(exec);
    const status = await call(
      srv,
      "GetIntent",
      { intentId: q.body.intent.intentId },
      { key: "p2" },
    );
    expect(status.body.intent.status).toBe("COMMITTED");
  });

  it("searches only the key's project, whatever the filter", async () => {
    const p1 = { key: "p1" };
    const receipt = (await call(srv, "GetIntentReceipt", { intentId: ids.two }, { key: "p2" })).body
      .intentReceipt;
    const view = (await call(srv, "GetIntent", { intentId: ids.two }, { key: "p2" })).body.intent;
    for (const filter of [
      { byIntentId: ids.two },
      { byOwnerAddress: OWNER },
      { byDepositTransactionHash: HASH },
      { byTransactionHash: receipt.originTransaction.txnHash },
      { byOriginIntentAddress: view.originIntentAddress },
      { byQueryString: ids.two },
    ]) {
      const found = idsOf(await call(srv, "SearchIntents", filter, p1));
      expect(found, JSON.stringify(filter)).not.toContain(ids.two);
    }
    expect(idsOf(await call(srv, "SearchIntents", { byOwnerAddress: OWNER }, p1))).toEqual([
      ids.one,
    ]);
    const foreign = await call(srv, "SearchIntents", { byProjectId: 2 }, p1);
    expect(foreign.body).toMatchObject({ error: "PermissionDenied", code: 1001, status: 403 });
  });

  it("lists only the key's project in GetIntentHistory", async () => {
    const p1 = { key: "p1" };
    expect(historyIds(await call(srv, "GetIntentHistory", {}, p1))).toEqual([ids.one]);
    expect(historyIds(await call(srv, "GetIntentHistory", { byOwnerAddress: OWNER }, p1))).toEqual([
      ids.one,
    ]);
    expect(historyIds(await call(srv, "GetIntentHistory", { byProjectId: 1 }, p1))).toEqual([
      ids.one,
    ]);
    const foreign = await call(srv, "GetIntentHistory", { byProjectId: 2 }, p1);
    expect(foreign.body).toMatchObject({ error: "PermissionDenied", code: 1001 });
    expect(
      historyIds(await call(srv, "GetIntentHistory", { byStatus: "SUCCEEDED" }, { key: "p2" })),
    ).toEqual([ids.two]);
  });

  it("lets an allProjects key see and act on every project, its own quotes in its project", async () => {
    const ops = { key: "ops" };
    const all = idsOf(await call(srv, "SearchIntents", { byOwnerAddress: OWNER }, ops));
    expect(all).toEqual(expect.arrayContaining([ids.one, ids.two]));
    expect(idsOf(await call(srv, "SearchIntents", { byProjectId: 2 }, ops))).toContain(ids.two);
    const history = historyIds(
      await call(srv, "GetIntentHistory", { page: { pageSize: 100 } }, ops),
    );
    expect(history).toEqual(expect.arrayContaining([ids.one, ids.two]));
    expect((await call(srv, "GetIntent", { intentId: ids.one }, ops)).status).toBe(200);
    const mine = (await quote(srv, usdcRequest({ originTokenAmount: 40_000_000n }))).intent;
    expect((await call(srv, "CommitIntent", { intent: mine }, ops)).status).toBe(200);
    const own = await call(
      srv,
      "QuoteIntent",
      usdcRequest({ originTokenAmount: 50_000_000n }),
      ops,
    );
    expect(own.body.intent.projectId).toBe(3);
    notFound(await call(srv, "GetIntent", { intentId: own.body.intent.intentId }, { key: "p1" }));
  });
});
