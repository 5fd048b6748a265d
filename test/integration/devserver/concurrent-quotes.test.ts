/**
 * Quotes that arrive together while the server hashes their calldata a slice at a time (sharing
 * the event loop with other requests) are still issued one at a time: each takes its own place in
 * the issue sequence, so identical requests at a frozen clock get distinct intents, and a seeded
 * server issues the same ids as when the same calls come one after the other.
 */
import { describe, expect, it } from "vitest";
import { call, OWNER, quote, start, usdcRequest } from "../../kit/devserver/helpers.js";

const COUNT = 6;
/** 64 KiB of calldata: hashed in several slices, with pauses between them. */
const request = usdcRequest({
  destinationCallData: `0x${"ab".repeat(64 * 1024)}`,
  destinationToAddress: OWNER,
});

describe("large quotes sent together", () => {
  it("get distinct intents, the ids of the same calls made one by one, and each commits", async () => {
    const together = await start({ seed: "quotes-together" });
    const apart = await start({ seed: "quotes-together" });
    try {
      const answers = await Promise.all(
        Array.from({ length: COUNT }, () => call(together.srv, "QuoteIntent", request)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(COUNT).fill(200));
      const ids = answers.map((a) => a.body.intent.intentId as string);
      expect(new Set(ids).size).toBe(COUNT);
      const oneByOne: string[] = [];
      for (let i = 0; i < COUNT; i++)
        oneByOne.push((await quote(apart.srv, request)).intent.intentId);
      expect([...ids].sort()).toEqual([...oneByOne].sort());
      for (const a of answers) {
        const committed = await call(together.srv, "CommitIntent", { intent: a.body.intent });
        expect(committed.status).toBe(200);
      }
    } finally {
      await together.srv.close();
      await apart.srv.close();
    }
  });
});
