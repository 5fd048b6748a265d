/**
 * Sends from one account that reach its chain together: the node picks each transaction's nonce
 * as it receives it, so the dev server sends one at a time per sender and chain. Executions
 * resumed together after a restart all pay from the service account; before this, one of them
 * could end FAILED with "nonce too low" or "replacement transaction underpriced".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVICE_ACCOUNT } from "../../../src/devserver/chains/accounts.js";
import { jsonRpc } from "../../../src/devserver/chains/rpc.js";
import { sendAsService } from "../../../src/devserver/chains/service-account.js";
import type { DevServer } from "../../../src/devserver/index.js";
import { startServer } from "../../kit/server.js";

let srv: DevServer;
beforeAll(async () => {
  srv = await startServer({ chains: true, rateLimit: false });
});
afterAll(() => srv?.close());

describe("sends from one account at once", () => {
  it("are all mined, each with its own nonce", async () => {
    const rpc = jsonRpc(srv.chains[8453]?.rpcUrl as string);
    const nonce = async () =>
      BigInt(
        await rpc.call<string>("eth_getTransactionCount", [SERVICE_ACCOUNT.address, "latest"]),
      );
    const before = await nonce();
    const n = 24;
    const to = (i: number) => `0x${(0xd00d0000 + i).toString(16).padStart(40, "0")}`;
    const settled = await Promise.allSettled(
      Array.from({ length: n }, (_, i) => sendAsService(rpc, { to: to(i), value: BigInt(i + 1) })),
    );
    const failed = settled.filter((s) => s.status === "rejected");
    expect(failed.map((f) => String((f as PromiseRejectedResult).reason))).toEqual([]);
    const receipts = settled.map((s) => (s as PromiseFulfilledResult<{ success: boolean }>).value);
    expect(receipts.every((r) => r.success)).toBe(true);
    expect(await nonce()).toBe(before + BigInt(n));
    for (let i = 0; i < n; i++)
      expect(BigInt(await rpc.call<string>("eth_getBalance", [to(i), "latest"]))).toBe(
        BigInt(i + 1),
      );
  });
});
