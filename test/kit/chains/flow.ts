/**
 * The money path as a user's test walks it: a client on the dev server, a quote committed, a
 * deposit sent from a funded test account with viem, and the intent followed to its end.
 */
import type { Address, Hex } from "viem";
import { DEV_TOKEN_ABI } from "../../../generated/dev-token.js";
import type { Intent, IntentReceipt, QuoteIntentRequest } from "../../../generated/types.js";
import type { DevServer, TestAccount } from "../../../src/devserver/index.js";
import { createClient, type IntentClient } from "../../../src/index.js";
import { NATIVE, USDC_ARB, USDC_BASE, USDT_ARB } from "../constants.js";
import { usdcRequest } from "../quote-request.js";
import { publicClient, walletClient } from "./chain.js";

export { NATIVE, USDC_ARB, USDC_BASE, USDT_ARB };

/** A client of `srv` with no retry (a refusal shows as it is). */
export function clientOf(srv: DevServer): IntentClient {
  return createClient({ baseUrl: srv.url, accessKey: srv.accessKey, retry: false });
}

/** Test account `i` of `srv` (funded on its chains). */
export function testAccount(srv: DevServer, i: number): TestAccount {
  const account = srv.testAccounts[i];
  if (account === undefined) throw new Error(`the dev server has no test account ${i}`);
  return account;
}

/**
 * Polls `intentId`'s receipt every 50 ms until `done` says so; throws with the last receipt after
 * `ms` (the server notices a chain's change within a fraction of a second).
 */
export async function receiptWhen(
  client: IntentClient,
  intentId: string,
  done: (r: IntentReceipt) => boolean,
  ms = 20_000,
): Promise<IntentReceipt> {
  const until = Date.now() + ms;
  for (;;) {
    const r = (await client.getIntentReceipt({ intentId })).intentReceipt;
    if (done(r)) return r;
    if (Date.now() > until) throw new Error(`receipt still ${r.status}: ${JSON.stringify(r)}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

/** Quotes and commits `req`; returns the committed intent. */
export async function committed(client: IntentClient, req: QuoteIntentRequest): Promise<Intent> {
  const { intent } = await client.quoteIntent(req);
  await client.commitIntent({ intent });
  return intent;
}

/** A USDC Arbitrum → USDC Base request for `owner`. */
export function usdcArbToBase(
  owner: string,
  extra: Partial<QuoteIntentRequest> = {},
): QuoteIntentRequest {
  return usdcRequest({ ownerAddress: owner, originTokenAmount: 25_000_000n, ...extra });
}

/** Sends `amount` of `token` (native for the zero address) from `from` to `to`; waits for it. */
export async function pay(
  srv: DevServer,
  from: TestAccount,
  chainId: number,
  token: string,
  to: string,
  amount: bigint,
): Promise<{ hash: Hex; fee: bigint }> {
  const wallet = walletClient(srv, chainId, from);
  const account = wallet.account ?? null;
  const hash =
    token === NATIVE
      ? await wallet.sendTransaction({
          to: to as Address,
          value: amount,
          chain: wallet.chain,
          account: account as never,
        })
      : await wallet.writeContract({
          address: token as Address,
          abi: DEV_TOKEN_ABI,
          functionName: "transfer",
          args: [to as Address, amount],
          chain: wallet.chain,
          account,
        });
  const receipt = await publicClient(srv, chainId).waitForTransactionReceipt({ hash });
  return { hash, fee: receipt.gasUsed * receipt.effectiveGasPrice };
}

/**
 * Sends the ERC-20 deposit of `intent` from `from` and answers its hash at once, mined or not
 * (with the chain's mining held, it stays pending).
 */
export function transferDeposit(srv: DevServer, from: TestAccount, intent: Intent): Promise<Hex> {
  const wallet = walletClient(srv, intent.originChainId, from);
  return wallet.writeContract({
    address: intent.depositTransaction.tokenAddress as Address,
    abi: DEV_TOKEN_ABI,
    functionName: "transfer",
    args: [intent.originIntentAddress as Address, intent.depositTransaction.amount],
    chain: wallet.chain,
    account: wallet.account ?? null,
  });
}

/**
 * The `depositSignature` of ExecuteIntent for a permit deposit of `intent`, signed by its owner
 * `owner`, with the first gas fee option of a fresh quote.
 */
export async function permitDeposit(
  srv: DevServer,
  client: IntentClient,
  owner: TestAccount,
  intent: Intent,
) {
  const { signature, value, deadline } = await signPermit(srv, owner, owner.address, intent);
  const option = (await client.quoteIntent(usdcArbToBase(owner.address))).gasFeeOptions
    .feeOptions[0];
  return {
    permitSignature: signature,
    permitAmount: value,
    permitDeadline: deadline,
    selectedGasFeeOption: option as NonNullable<typeof option>,
    deadline,
  };
}

/** Sends the deposit the intent asks for from `from`. */
export function deposit(srv: DevServer, from: TestAccount, intent: Intent, amount?: bigint) {
  const d = intent.depositTransaction;
  return pay(srv, from, intent.originChainId, d.tokenAddress, d.toAddress, amount ?? d.amount);
}

/** The EIP-2612 permit of `owner` for the deposit of `intent`, signed with `signer`'s key. */
export async function signPermit(
  srv: DevServer,
  signer: TestAccount,
  owner: string,
  intent: Intent,
  o: { value?: bigint; deadline?: bigint; name?: string } = {},
): Promise<{ signature: Hex; value: bigint; deadline: bigint }> {
  const token = intent.depositTransaction.tokenAddress as Address;
  const client = publicClient(srv, intent.originChainId);
  const name =
    o.name ??
    (await client.readContract({ address: token, abi: DEV_TOKEN_ABI, functionName: "name" }));
  const nonce = await client.readContract({
    address: token,
    abi: DEV_TOKEN_ABI,
    functionName: "nonces",
    args: [owner as Address],
  });
  const value = o.value ?? intent.depositTransaction.amount;
  const deadline = o.deadline ?? BigInt(Math.floor(Date.now() / 1000) + 3600);
  const wallet = walletClient(srv, intent.originChainId, signer);
  const signature = await wallet.signTypedData({
    account: wallet.account as never,
    domain: { name, version: "1", chainId: intent.originChainId, verifyingContract: token },
    types: {
      Permit: [
        { name: "owner", type: "address" },
        { name: "spender", type: "address" },
        { name: "value", type: "uint256" },
        { name: "nonce", type: "uint256" },
        { name: "deadline", type: "uint256" },
      ],
    },
    primaryType: "Permit",
    message: {
      owner: owner as Address,
      spender: intent.serviceContracts.serviceIntentEntrypointAddress as Address,
      value,
      nonce,
      deadline,
    },
  });
  return { signature, value, deadline };
}
