/**
 * The progress model on a real intent of the dev server (simulated chains): the follower's
 * updates give each receipt transaction its own step with its state and chain, then the final
 * status; the wallet's part counts as over once the service saw the deposit.
 */
import { describe, expect, it } from "vitest";
import { createClient } from "../../../src/index.js";
import { intentProgress } from "../../../src/react/index.js";
import type { IntentUpdate } from "../../../src/types.js";
import { usdcRequest } from "../../kit/quote-request.js";
import { QUICK_SERVER, startServer } from "../../kit/server.js";

describe("intentProgress on a followed intent", () => {
  it("names each receipt transaction and reaches a done final step", async () => {
    const srv = await startServer(QUICK_SERVER);
    try {
      const client = createClient({ baseUrl: srv.url, accessKey: srv.accessKey });
      const { intentId } = await client.quoteAndCommit(usdcRequest());
      const updates: IntentUpdate[] = [];
      const first = await client.getIntentReceipt({ intentId });
      expect(intentProgress({ update: undefined }).steps.at(-1)?.state).toBe("waiting");
      await client.executeIntent({ intentId, depositTransactionHash: `0x${"ab".repeat(32)}` });
      await client.waitForIntent(intentId, { onUpdate: (u) => updates.push(u) });
      const models = updates.map((update) => intentProgress({ update }));
      const last = models.at(-1);
      expect(last?.done).toBe(true);
      expect(last?.steps.find((s) => s.id === "final")).toMatchObject({
        state: "done",
        intentStatus: "SUCCEEDED",
      });
      for (const id of ["deposit", "origin", "destination"] as const) {
        const step = last?.steps.find((s) => s.id === id);
        expect(step).toMatchObject({ state: "done", transactionStatus: "SUCCEEDED" });
        expect(step?.chainId).toBeTypeOf("number");
      }
      // The wallet's part is over once the service has the deposit, even with no report here.
      expect(last?.steps.filter((s) => s.id === "check" || s.id === "execute")).toEqual([
        expect.objectContaining({ state: "done" }),
        expect.objectContaining({ state: "done" }),
      ]);
      // Along the way, a receipt step under way was the current one.
      expect(first.intentReceipt.intentId).toBe(intentId);
      expect(models.some((m) => m.current !== undefined && m.current.state === "active")).toBe(
        true,
      );
    } finally {
      await srv.close();
    }
  });
});
