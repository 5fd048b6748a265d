/**
 * `serve --simulated --state FILE` under a real file-size limit (`RLIMIT_FSIZE`, lowered on the
 * running process with `prlimit`; Node ignores SIGXFSZ, so the write that crosses the limit is cut
 * short and the next one fails with `EFBIG`): the commit and the execution the file cannot take
 * answer `Unexpected` and are not made, the file keeps its last good bytes, and once the limit is
 * raised and the server restarted, every acknowledged commit and execution is there and nothing
 * else.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createClient, type IntentClient } from "../../../src/index.js";
import {
  type ServeChild,
  startServeChild,
  stopServeChild,
} from "../../kit/reliability/serve-child.js";
import { depositHash, quoteRequestFor, randomOwner } from "../../kit/reliability/service.js";
import { tempDirs } from "../../kit/temp-dirs.js";

const tempDir = tempDirs("xchain-fsize-");

/** Sets the soft file-size limit of the running `serve` (`unlimited` lifts it). */
function fileSizeLimit(s: ServeChild, bytes: number | "unlimited"): void {
  execFileSync("prlimit", ["--pid", String(s.child.pid), `--fsize=${bytes}:`]);
}

/** What a call that must fail threw: its wire error name and cause. */
async function failure(p: Promise<unknown>): Promise<{ error: unknown; cause: unknown }> {
  const e = (await p.then(
    () => undefined,
    (x: unknown) => x,
  )) as { error?: unknown; cause?: unknown } | undefined;
  expect(e, "the call should have failed").toBeDefined();
  return { error: e?.error, cause: e?.cause };
}

const statusOf = async (client: IntentClient, intentId: string) =>
  (await client.getIntent({ intentId })).intent.status;

describe("serve --state FILE under RLIMIT_FSIZE", () => {
  it("takes no change the file cannot hold, and a restart has exactly what was acknowledged", async () => {
    const file = join(tempDir(), "dev-state.jsonl");
    const first = await startServeChild(["--state", file]);
    try {
      const client = createClient({ baseUrl: first.url, accessKey: first.key, retry: false });
      const owner = randomOwner();
      const { intent: a } = await client.quoteIntent(quoteRequestFor(owner));
      await client.commitIntent({ intent: a });
      const { intent: b } = await client.quoteIntent(quoteRequestFor(owner));
      const good = readFileSync(file);

      // A few bytes of room: the next line is written in part, then EFBIG.
      fileSizeLimit(first, good.byteLength + 16);
      const efbig = {
        error: "Unexpected",
        cause: expect.stringMatching(
          /^the dev server's state file did not take the change \(EFBIG/,
        ),
      };
      expect(await failure(client.commitIntent({ intent: b }))).toEqual(efbig);
      const execute = { intentId: a.intentId, depositTransactionHash: depositHash(1) };
      expect(await failure(client.executeIntent(execute))).toEqual(efbig);
      expect(await statusOf(client, b.intentId)).toBe("QUOTED");
      expect(await statusOf(client, a.intentId)).toBe("COMMITTED");
      expect(readFileSync(file).equals(good)).toBe(true);

      // Room again: the same calls go through.
      fileSizeLimit(first, "unlimited");
      await client.executeIntent(execute);
      await client.commitIntent({ intent: b });
      const acknowledged = {
        [a.intentId]: await statusOf(client, a.intentId),
        [b.intentId]: "COMMITTED",
      };
      expect(acknowledged[a.intentId]).not.toBe("COMMITTED");
      expect(statSync(file).size).toBeGreaterThan(good.byteLength);
      expect(await stopServeChild(first)).toEqual({ code: 0, signal: null });

      const next = await startServeChild(["--state", file]);
      try {
        expect(next.output()).toContain("2 intents restored");
        const again = createClient({ baseUrl: next.url, accessKey: next.key, retry: false });
        for (const [id, status] of Object.entries(acknowledged))
          expect(await statusOf(again, id)).toBe(status);
        const found = await again.searchIntents({ byOwnerAddress: owner });
        expect(found.intents.map((i) => i.intentId).sort()).toEqual(
          [a.intentId, b.intentId].sort(),
        );
      } finally {
        await stopServeChild(next);
      }
    } finally {
      first.child.kill("SIGKILL");
    }
  }, 90_000);
});
