/**
 * What the wallet step reads from a token (its `nonces`, its signing domain, a balance) through
 * `call` and the ABI codec: answers are decoded as `readContract` decodes them, a revert or an
 * empty answer is an error, never a zero; the permit's domain is the token's EIP-5267 domain
 * when it has one (and refused when that names another chain or contract), else its `name()`
 * with version "1". The node is a viem `custom` transport answering `eth_call` by selector, and
 * the permit is signed by a local account, so the signature is checked by recovering its signer.
 */
import {
  createClient,
  custom,
  decodeFunctionData,
  encodeFunctionResult,
  parseAbi,
  recoverTypedDataAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { isServiceError } from "../../../src/index.js";
import type { CheckedDeposit } from "../../../src/wallet/check-deposit.js";
import { balanceOf } from "../../../src/wallet/find-deposit.js";
import { signPermit } from "../../../src/wallet/permit.js";

const ABI = parseAbi([
  "function balanceOf(address) view returns (uint256)",
  "function nonces(address) view returns (uint256)",
  "function name() view returns (string)",
  "function eip712Domain() view returns (bytes1, string, string, uint256, address, bytes32, uint256[])",
]);
const account = privateKeyToAccount(`0x${"11".repeat(32)}`);
const TOKEN = "0x00000000000000000000000000000000000000c0";
const SPENDER = "0x00000000000000000000000000000000000000ee";
const CHAIN = 42161;
const d: CheckedDeposit = {
  chainId: CHAIN,
  token: TOKEN,
  native: false,
  intentAddress: "0x00000000000000000000000000000000000000aa",
  amount: 5_000_000n,
  owner: account.address,
  tx: { to: TOKEN, data: undefined, value: 0n },
};

type Answers = Partial<Record<(typeof ABI)[number]["name"], readonly unknown[] | "revert" | "0x">>;

/** A client whose `eth_call` to the token answers each function as `answers` says. */
function token(answers: Answers) {
  return createClient({
    account,
    transport: custom(
      {
        async request({ method, params }: { method: string; params: unknown }) {
          if (method === "eth_chainId") return `0x${CHAIN.toString(16)}`;
          if (method !== "eth_call") throw new Error(`unexpected ${method}`);
          const [{ to, data }] = params as [{ to: string; data: `0x${string}` }];
          expect(to).toBe(TOKEN);
          const { functionName } = decodeFunctionData({ abi: ABI, data });
          const answer = answers[functionName];
          if (answer === undefined || answer === "revert")
            throw Object.assign(new Error("execution reverted"), { code: 3 });
          if (answer === "0x") return "0x";
          return encodeFunctionResult({ abi: ABI, functionName, result: answer } as never);
        },
      },
      // Each answer once: a failure is the token's, not a fault to retry.
      { retryCount: 0 },
    ),
  });
}

const signer = async (client: ReturnType<typeof token>, domain: object, nonce: bigint) => {
  const { signature, nonce: used } = await signPermit(
    client,
    client,
    account,
    account.address,
    d,
    SPENDER,
    99n,
  );
  expect(used).toBe(nonce);
  return recoverTypedDataAddress({
    domain,
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
    message: { owner: account.address, spender: SPENDER, value: d.amount, nonce, deadline: 99n },
    signature,
  });
};

describe("reading the token", () => {
  it("a balance is the decoded uint256; a revert or an empty answer is an error, not zero", async () => {
    expect(await balanceOf(token({ balanceOf: [7n] }), d, account.address)).toBe(7n);
    await expect(balanceOf(token({ balanceOf: "revert" }), d, account.address)).rejects.toThrow();
    await expect(balanceOf(token({ balanceOf: "0x" }), d, account.address)).rejects.toThrow();
  });

  it("signs over the token's EIP-5267 domain and its nonce", async () => {
    const client = token({
      eip712Domain: ["0x0f", "USD Coin", "2", BigInt(CHAIN), TOKEN, `0x${"00".repeat(32)}`, []],
      nonces: [3n],
    });
    const domain = { name: "USD Coin", version: "2", chainId: CHAIN, verifyingContract: TOKEN };
    expect(await signer(client, domain, 3n)).toBe(account.address);
  });

  it("without eip712Domain: the token's name() with version 1", async () => {
    const client = token({ name: ["Old Token"], nonces: [0n] });
    const domain = { name: "Old Token", version: "1", chainId: CHAIN, verifyingContract: TOKEN };
    expect(await signer(client, domain, 0n)).toBe(account.address);
  });

  it("an EIP-5267 domain of another chain or contract is refused, nothing signed", async () => {
    const zero = `0x${"00".repeat(32)}`;
    for (const [chainId, contract] of [
      [1n, TOKEN],
      [BigInt(CHAIN), "0x00000000000000000000000000000000000000c1"],
    ] as const) {
      const client = token({
        eip712Domain: ["0x0f", "USD Coin", "2", chainId, contract, zero, []],
        nonces: [0n],
      });
      const e = await signPermit(client, client, account, account.address, d, SPENDER, 99n).then(
        () => undefined,
        (x: unknown) => x,
      );
      expect(isServiceError(e, "DepositMismatch") && e.field).toBe("token eip712Domain");
    }
  });

  it("a nonce that cannot be read is an error, nothing signed", async () => {
    const client = token({ name: ["Old Token"], nonces: "0x" });
    await expect(
      signPermit(client, client, account, account.address, d, SPENDER, 99n),
    ).rejects.toThrow();
  });
});
