/**
 * The parts of a token's interface the wallet step reads: ERC-20 `balanceOf` and `Transfer`,
 * EIP-2612 `nonces`, and the signing domain (EIP-5267 `eip712Domain()`, else `name()`). Written
 * as JSON ABI rather than through viem's `parseAbi`, whose human-readable ABI parser (about 3 kB
 * min+gzip) would otherwise come into every app that pays through the SDK; `Transfer` logs are
 * read by their topic (see `find-deposit.ts`).
 */

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
 * The topic of ERC-20 `Transfer(address indexed from, address indexed to, uint256 value)`:
 * keccak-256 of `Transfer(address,address,uint256)`.
 */
export const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
