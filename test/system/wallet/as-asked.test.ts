/**
 * As the user asked: a fetch wrapper between the client and the dev server rewrites the dev
 * server's real answers consistently (every copy of one field), one field at a time, and maps the
 * commit back so that the dev server accepts it. Each rewrite is refused before anything is
 * signed: by `quoteAndCommit` (the quote against the request, the commit's id against the
 * quote's), by `executeWithWallet` given `request`, by the service's own intent (GetIntent), or by
 * the pinned contracts (`trustedContracts`). A deposit one base unit short is refused too.
 */
import { createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Intent } from "../../../generated/types.js";
import type { DevServer } from "../../../src/devserver/index.js";
import {
  type CommittedIntent,
  createClient,
  type IntentClient,
  isServiceError,
  parseJson,
  stringifyJson,
} from "../../../src/index.js";
import {
  executeWithWallet,
  memoryDepositStore,
  transferCalldata,
} from "../../../src/wallet/index.js";
import {
  chainOf,
  clients,
  request,
  service,
  testAccount,
  USDC_ARB,
  walletState,
} from "../../kit/wallet/setup.js";

const AMOUNT = 25_000_000n;
const USDT_ARB = "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9";
const ATTACKER = "0x00000000000000000000000000000000000a77ac";
let srv: DevServer;
let honest: IntentClient;
let key: `0x${string}`;
let owner: `0x${string}`;

beforeAll(async () => {
  ({ srv, client: honest } = await service(true));
  ({ key, owner } = testAccount(srv, 4));
}, 30_000);
afterAll(() => srv?.close());

type Rewrite = (intent: Intent) => void;

/**
 * A client whose fetch rewrites the intent in QuoteIntent answers (and in GetIntent answers with
 * `alsoGetIntent`), sends CommitIntent the intent as the dev server quoted it, and answers
 * CommitIntent with `commitId` when given.
 */
function rewritingClient(
  rewrite: Rewrite,
  o: { alsoGetIntent?: boolean; commitId?: string } = {},
): IntentClient {
  const quoted = new Map<string, unknown>();
  const f: typeof fetch = async (input, init) => {
    const req = new Request(input, init);
    const op = new URL(req.url).pathname.split("/").pop() ?? "";
    let body = await req.text();
    if (op === "CommitIntent") {
      const sent = parseJson(body, "CommitIntentRequest") as { intent: Intent };
      const original = quoted.get(sent.intent.intentId);
      if (original) body = stringifyJson({ intent: original }, "CommitIntentRequest");
    }
    const res = await fetch(req.url, { method: req.method, headers: req.headers, body });
    const type = `${op}Response`;
    if (!res.ok || !["QuoteIntent", "GetIntent", "CommitIntent"].includes(op)) return res;
    const answer = parseJson(await res.text(), type) as { intent?: Intent; intentId?: string };
    if (op === "QuoteIntent" && answer.intent) {
      quoted.set(answer.intent.intentId, structuredClone(answer.intent));
      rewrite(answer.intent);
    }
    if (op === "GetIntent" && answer.intent && o.alsoGetIntent) rewrite(answer.intent);
    if (op === "CommitIntent" && o.commitId) answer.intentId = o.commitId;
    return new Response(stringifyJson(answer, type), { status: res.status, headers: res.headers });
  };
  return createClient({ baseUrl: srv.url, accessKey: srv.accessKey, fetch: f });
}

const deposit = (i: Intent, to: string, amount: bigint) => {
  i.depositTransaction.toAddress = to;
  i.depositTransaction.amount = amount;
  i.depositTransaction.data = transferCalldata(to, amount);
};

const rewrites: [string, Rewrite][] = [
  [
    "origin token (USDT paid on a USDC request)",
    (i) => {
      i.quoteRequest.originTokenAddress = USDT_ARB;
      i.depositTransaction.tokenAddress = USDT_ARB;
      i.depositTransaction.to = USDT_ARB;
    },
  ],
  [
    "origin chain",
    (i) => {
      i.originChainId = 10;
      i.quoteRequest.originChainId = 10;
      i.depositTransaction.chainId = 10;
    },
  ],
  [
    "amount (twice the EXACT_INPUT amount)",
    (i) => {
      i.quoteRequest.originTokenAmount = 2n * AMOUNT;
      i.quote.fromAmount = 2n * AMOUNT;
      deposit(i, i.originIntentAddress, 2n * AMOUNT);
    },
  ],
  [
    "recipient",
    (i) => {
      i.quoteRequest.destinationToAddress = ATTACKER;
    },
  ],
  ["deposit one base unit short", (i) => deposit(i, i.originIntentAddress, AMOUNT - 1n)],
];

/** The owner's nonce and USDC on the origin chain: unchanged when nothing was sent. */
function snapshot() {
  return walletState(srv, 42161, USDC_ARB, owner);
}

describe("a rewriting proxy, one field at a time: refused before anything is signed", () => {
  it.each(rewrites)("%s: quoteAndCommit refuses it before committing", async (_name, rewrite) => {
    const e = await rewritingClient(rewrite)
      .quoteAndCommit(request(owner, USDC_ARB, AMOUNT))
      .catch((x: unknown) => x);
    expect(isServiceError(e, "IntentMismatch"), String(e)).toBe(true);
  });

  it.each(rewrites)("%s: executeWithWallet given request refuses it", async (_name, rewrite) => {
    const c = await honest.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    const intent = structuredClone(c.intent);
    rewrite(intent);
    const { wallet } = clients(chainOf(srv, 42161), key);
    const before = await snapshot();
    const e = await executeWithWallet(honest, { ...c, intent, wallet, store: memoryDepositStore() })
      .then(() => undefined)
      .catch((x: unknown) => x);
    expect(
      isServiceError(e, "IntentMismatch") || isServiceError(e, "DepositMismatch"),
      String(e),
    ).toBe(true);
    expect(await snapshot()).toEqual(before);
    expect((await honest.getIntent({ intentId: c.intentId })).intent.status).toBe("COMMITTED");
  });

  it("the commit's id: quoteAndCommit refuses another intent's id", async () => {
    const other = (await honest.quoteIntent(request(owner, USDC_ARB, AMOUNT))).intent.intentId;
    const e = await rewritingClient(() => {}, { commitId: other })
      .quoteAndCommit(request(owner, USDC_ARB, AMOUNT))
      .catch((x: unknown) => x);
    expect(isServiceError(e, "IntentMismatch") && e.field === "intentId").toBe(true);
  });

  it("the deposit address: the service's own intent (GetIntent) disagrees, nothing sent", async () => {
    const client = rewritingClient((i) => deposit(i, ATTACKER, i.depositTransaction.amount));
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    expect(c.intent.originIntentAddress).not.toBe(ATTACKER); // only the instructions were rewritten
    const moved = rewritingClient((i) => {
      i.originIntentAddress = ATTACKER;
      deposit(i, ATTACKER, i.depositTransaction.amount);
    });
    const m = await moved.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    expect(m.intent.originIntentAddress).toBe(ATTACKER);
    const { wallet } = clients(chainOf(srv, 42161), key);
    const before = await snapshot();
    for (const [cl, committed] of [
      [client, c],
      [moved, m],
    ] as [IntentClient, CommittedIntent][]) {
      const e = await executeWithWallet(cl, { ...committed, wallet, store: memoryDepositStore() })
        .then(() => undefined)
        .catch((x: unknown) => x);
      expect(isServiceError(e, "DepositMismatch"), String(e)).toBe(true);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("the permit spender, rewritten in every answer: refused by trustedContracts, nothing signed", async () => {
    const real = (await honest.quoteIntent(request(owner, USDC_ARB, AMOUNT))).intent
      .serviceContracts.serviceIntentEntrypointAddress;
    const client = rewritingClient(
      (i) => {
        i.serviceContracts.serviceIntentEntrypointAddress = ATTACKER;
      },
      { alsoGetIntent: true },
    );
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    // A local account that counts what it signs.
    let signed = 0;
    const account = privateKeyToAccount(key);
    const counting = createWalletClient({
      account: {
        ...account,
        signTypedData: ((typed: Parameters<typeof account.signTypedData>[0]) => {
          signed++;
          return account.signTypedData(typed);
        }) as typeof account.signTypedData,
      },
      chain: chainOf(srv, 42161),
      transport: http(srv.chains[42161]?.rpcUrl),
    });
    const e = await executeWithWallet(client, {
      ...c,
      wallet: counting,
      method: "permit",
      trustedContracts: { 42161: [real] },
      store: memoryDepositStore(),
    }).catch((x: unknown) => x);
    expect(isServiceError(e, "DepositMismatch") && e.field === "permit spender", String(e)).toBe(
      true,
    );
    expect(signed).toBe(0);
    // The counting account signs when the spender is the pinned one (the count can move).
    const fine = await executeWithWallet(honest, {
      ...(await honest.quoteAndCommit(request(owner, USDC_ARB, AMOUNT))),
      wallet: counting,
      method: "permit",
      trustedContracts: { 42161: [real] },
      store: memoryDepositStore(),
    });
    expect(signed).toBe(1);
    expect(fine.intentStatus).not.toBe("COMMITTED");
    expect((await honest.getIntent({ intentId: c.intentId })).intent.status).toBe("COMMITTED");
  });
});
