/**
 * An EIP-2612 permit for an intent's deposit: the owner signs, the service submits `permit` and
 * `transferFrom` itself, and the user sends no transaction. The domain is read from the token
 * (EIP-5267 `eip712Domain()`, else `name()` with version "1"), the nonce from `nonces(owner)`.
 */
import type { Account } from "viem";
import { signTypedData } from "viem/actions";
import { DepositMismatchError } from "../errors/wallet-errors.js";
import type { CheckedDeposit } from "./check-deposit.js";
import type { Reader } from "./find-deposit.js";
import { readToken } from "./token-abi.js";
import type { Wallet } from "./wallet-chain.js";

const PERMIT_TYPES = {
  Permit: [
    { name: "owner", type: "address" },
    { name: "spender", type: "address" },
    { name: "value", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

/** A signed permit. */
export interface SignedPermit {
  signature: `0x${string}`;
  nonce: bigint;
}

async function domainOf(reader: Reader, d: CheckedDeposit) {
  const read = (functionName: "name" | "eip712Domain") => readToken(reader, d.token, functionName);
  const domain = { version: "1", chainId: d.chainId, verifyingContract: d.token };
  try {
    const [, name, version, chainId, verifyingContract] = (await read("eip712Domain")) as [
      string,
      string,
      string,
      bigint,
      `0x${string}`,
    ];
    if (chainId !== BigInt(d.chainId) || verifyingContract.toLowerCase() !== d.token)
      throw new DepositMismatchError(
        "token eip712Domain",
        `${d.chainId}/${d.token}`,
        `${chainId}/${verifyingContract}`,
      );
    return { ...domain, name, version };
  } catch (e) {
    if (e instanceof DepositMismatchError) throw e;
    return { ...domain, name: (await read("name")) as string };
  }
}

/**
 * Signs a permit letting `spender` take exactly the deposit's amount of its token from `owner`
 * until `deadline` (unix seconds).
 */
export async function signPermit(
  wallet: Wallet,
  reader: Reader,
  account: Account | `0x${string}`,
  owner: `0x${string}`,
  d: CheckedDeposit,
  spender: `0x${string}`,
  deadline: bigint,
): Promise<SignedPermit> {
  const domain = await domainOf(reader, d);
  const nonce = (await readToken(reader, d.token, "nonces", [owner])) as bigint;
  const signature = await signTypedData(wallet, {
    account,
    domain,
    types: PERMIT_TYPES,
    primaryType: "Permit",
    message: { owner, spender, value: d.amount, nonce, deadline },
  });
  return { signature, nonce };
}
