/**
 * The parts of a token's interface the wallet step reads: ERC-20 `balanceOf` and `Transfer`,
 * EIP-2612 `nonces`, and the signing domain (EIP-5267 `eip712Domain()`, else `name()`), and the
 * one way it reads them. Each viem function used here is the smallest that does the job, since
 * whatever it brings comes into every app that pays through the SDK: JSON ABI, not `parseAbi`
 * (its human-readable ABI parser, about 3 kB min+gzip); `call` with the ABI codec, not
 * `readContract` (its error formatting, about 1.5 kB); `Transfer` logs by their topic (see
 * `find-deposit.ts`).
 */
import {
  type Abi,
  type Chain,
  type Client,
  decodeFunctionResult,
  encodeFunctionData,
  keccak256,
  type Transport,
  toHex,
} from "viem";
import { call } from "viem/actions";

const ADDRESS = { type: "address" } as const;
const UINT256 = { type: "uint256" } as const;
const STRING = { type: "string" } as const;

/** The token's functions the wallet step calls, all views. */
export const TOKEN_ABI = [
  {
    type: "function",
    name: "balanceOf",
    stateMutability: "view",
    inputs: [ADDRESS],
    outputs: [UINT256],
  },
  {
    type: "function",
    name: "nonces",
    stateMutability: "view",
    inputs: [ADDRESS],
    outputs: [UINT256],
  },
  { type: "function", name: "name", stateMutability: "view", inputs: [], outputs: [STRING] },
  {
    type: "function",
    name: "eip712Domain",
    stateMutability: "view",
    inputs: [],
    outputs: [
      { type: "bytes1" },
      STRING,
      STRING,
      UINT256,
      ADDRESS,
      { type: "bytes32" },
      { type: "uint256[]" },
    ],
  },
] as const;

/**
 * The answer of the token's view `functionName` with `args`, decoded as `readContract` would
 * (the same `call`, the same codec): a revert or an empty answer throws.
 */
export async function readToken(
  reader: Client<Transport, Chain | undefined>,
  token: `0x${string}`,
  functionName: (typeof TOKEN_ABI)[number]["name"],
  args: readonly unknown[] = [],
): Promise<unknown> {
  const abi: Abi = TOKEN_ABI;
  const { data } = await call(reader, {
    to: token,
    data: encodeFunctionData({ abi, functionName, args }),
  });
  return decodeFunctionResult({ abi, functionName, data: data ?? "0x" });
}

/**
 * The topic of ERC-20 `Transfer(address indexed from, address indexed to, uint256 value)`:
 * keccak-256 of its signature (viem's hashing, which signing a permit needs anyway).
 */
export const TRANSFER_TOPIC = /* @__PURE__ */ keccak256(toHex("Transfer(address,address,uint256)"));
