/**
 * Interop with the official TypeScript client of the public deployment, `@0xtrails/api`: its
 * generated client posts to `/rpc/Trails/<Op>`, so a subclass points it at `/rpc/Service/`.
 * With decimal-string bigints the whole lifecycle runs; with JSON numbers past 2^53 the client
 * rounds the amounts (it parses with `JSON.parse`) and CommitIntent names the field it broke.
 */
import { Trails } from "@0xtrails/api";
import { afterEach, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { OWNER, start, WETH_ARB, WETH_BASE } from "../../kit/devserver/helpers.js";

/** The official client, on our service path and with our access key. */
class ServiceClient extends Trails {
  protected override path = "/rpc/Service/";

  constructor(srv: DevServer) {
    super(srv.url, (input, init) =>
      fetch(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), "X-Access-Key": srv.accessKey },
      }),
    );
  }
}

type QuoteReq = Parameters<Trails["quoteIntent"]>[0];

const request = (amount: bigint) =>
  ({
    ownerAddress: OWNER,
    originChainId: 42161,
    originTokenAddress: WETH_ARB,
    destinationChainId: 8453,
    destinationTokenAddress: WETH_BASE,
    tradeType: "EXACT_INPUT",
    originTokenAmount: amount,
  }) as unknown as QuoteReq;

let srv: DevServer;
afterEach(() => srv.close());

describe("@0xtrails/api against the dev server", () => {
  it("runs quote → commit → execute → get with decimal-string bigints", async () => {
    ({ srv } = await start({ bigintAs: "string" }));
    const client = new ServiceClient(srv);
    const { intent } = await client.quoteIntent(request(9_007_199_254_740_993_123n));
    expect(intent.quote.fromAmount).toBe(9_007_199_254_740_993_123n);
    const { intentId } = await client.commitIntent({ intent });
    expect(intentId).toBe(intent.intentId);
    const exec = await client.executeIntent({
      intentId,
      depositTransactionHash: `0x${"ab".repeat(32)}`,
    });
    expect(exec.intentStatus).toBe("EXECUTING");
    const got = await client.getIntent({ intentId });
    expect(got.intent.status).toBe("EXECUTING");
    expect(got.intent.salt).toBe(intent.salt);
    expect(srv.stats()).toMatchObject({ commits: 1, executions: 1, panics: 0 });
  });

  it("rounds amounts past 2^53 sent as JSON numbers; the commit check names the modified field", async () => {
    ({ srv } = await start({ bigintAs: "number" }));
    const client = new ServiceClient(srv);
    const { intent } = await client.quoteIntent(request(9_007_199_254_740_993_123n));
    const received = intent.quoteRequest.originTokenAmount as unknown;
    expect(typeof received).toBe("number");
    expect(BigInt(received as number)).not.toBe(9_007_199_254_740_993_123n);
    const failure = await client.commitIntent({ intent }).then(
      () => undefined,
      (e: unknown) => e as { code: number; status: number; cause?: string; message: string },
    );
    expect(failure).toBeDefined();
    expect(failure?.code).toBe(2000);
    expect(failure?.status).toBe(400);
    // The first amount that differs (in the intent's order) is named, with both values; the
    // uint256 salt, back as 9.7…e+76, is the exact integer that double is, and differs too.
    expect(String(failure?.cause)).toMatch(
      /^\/intent\/quoteRequest\/originTokenAmount: is \d+, quoted as 9007199254740993123: the amount arrived rounded/,
    );
    expect(srv.stats().commits).toBe(0);
  });
});
