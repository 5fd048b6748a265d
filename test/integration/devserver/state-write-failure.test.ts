/**
 * A state file that cannot take a change (a short write then `ENOSPC`, `ENOSPC`, `EFBIG`, a failed
 * `fsync`): the call answers `Unexpected` saying the change was not made, the file is cut back to
 * its last good bytes (still a valid journal), memory is not ahead of it (the intent keeps its
 * status), the next change goes through once there is room again, and a restart on the file
 * brings back every acknowledged quote, commit and execution and nothing else.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { GetIntentResponse } from "../../../generated/types.js";
import type { DevServer } from "../../../src/devserver/index.js";
import { openStateFile, type StateFile } from "../../../src/devserver/state/state-file.js";
import { type Fault, faultyCalls } from "../../kit/devserver/faulty-state.js";
import { call, quote, start, usdcRequest } from "../../kit/devserver/helpers.js";
import { tempDirs } from "../../kit/temp-dirs.js";

const tempDir = tempDirs("xchain-append-");

const running: { srv: DevServer; file?: StateFile }[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) {
    await r.srv.close();
    r.file?.close();
  }
});

async function statusOf(srv: DevServer, intentId: string): Promise<string> {
  const a = await call(srv, "GetIntent", { intentId });
  expect(a.status, a.text).toBe(200);
  return (a.body as GetIntentResponse).intent.status;
}

describe.each<Fault>(["short write, then ENOSPC", "ENOSPC", "EFBIG", "fsync EIO"])(
  "a state file append that fails (%s)",
  (fault) => {
    it("answers that nothing changed, keeps the file valid, and a restart has exactly what was acknowledged", async () => {
      const path = join(tempDir(), "state.jsonl");
      const faults = faultyCalls();
      const file = openStateFile(path, faults.calls);
      const { srv, clock } = await start({ state: file });
      running.push({ srv, file });

      const a = await quote(srv);
      expect((await call(srv, "CommitIntent", { intent: a.intent })).status).toBe(200);
      const b = await quote(srv);
      const refused = async (op: string, body: unknown) => {
        const before = readFileSync(path);
        faults.arm(fault);
        const answer = await call(srv, op, body);
        expect(answer.status, answer.text).toBe(500);
        expect(answer.body.error).toBe("Unexpected");
        expect(answer.body.cause).toMatch(
          /^the dev server's state file did not take the change \((ENOSPC|EFBIG|EIO): injected, write\), so it was not made; send the call again once the disk has room$/,
        );
        expect(readFileSync(path).equals(before)).toBe(true);
      };

      // A commit, an execution and a quote the file could not take: none is made.
      await refused("CommitIntent", { intent: b.intent });
      expect(await statusOf(srv, b.intent.intentId)).toBe("QUOTED");
      const execute = {
        intentId: a.intent.intentId,
        depositTransactionHash: `0x${"cd".repeat(32)}`,
      };
      await refused("ExecuteIntent", execute);
      expect(await statusOf(srv, a.intent.intentId)).toBe("COMMITTED");
      const issued = srv.stats().stored;
      await refused("QuoteIntent", usdcRequest());
      expect(srv.stats().stored).toEqual(issued);

      // Room again: the same calls go through, on a file that is still a journal.
      clock.advance(1_000);
      const done = await call(srv, "ExecuteIntent", execute);
      expect(done.status, done.text).toBe(200);
      const c = await quote(srv);
      expect(c.intent.intentId).not.toBe(b.intent.intentId);
      const acknowledged = {
        [a.intent.intentId]: await statusOf(srv, a.intent.intentId),
        [b.intent.intentId]: "QUOTED",
        [c.intent.intentId]: "QUOTED",
      };
      expect(acknowledged[a.intent.intentId]).not.toBe("COMMITTED");
      await srv.close();
      file.close();
      running.length = 0;

      const again = await start({ stateFile: path, clock: clock.now });
      running.push({ srv: again.srv });
      expect(again.srv.restored).toMatchObject({ intents: 3, skipped: 0 });
      for (const [id, status] of Object.entries(acknowledged))
        expect(await statusOf(again.srv, id)).toBe(status);
    });
  },
);
