/**
 * The token interface the wallet step reads, written as JSON ABI, is the very interface of the
 * human-readable signatures (what viem's `parseAbi` makes of them): same names, inputs, outputs
 * and mutability, so the same selectors and the same decoding of answers; and the `Transfer`
 * topic it searches logs by is the event's.
 */
import { parseAbi, toEventSelector, toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import { TOKEN_ABI, TRANSFER_TOPIC } from "../../../src/wallet/token-abi.js";

const FUNCTIONS = parseAbi([
  "function balanceOf(address) view returns (uint256)",
  "function nonces(address) view returns (uint256)",
  "function name() view returns (string)",
  "function eip712Domain() view returns (bytes1, string, string, uint256, address, bytes32, uint256[])",
]);
const [TRANSFER] = parseAbi([
  "event Transfer(address indexed from, address indexed to, uint256 value)",
]);

describe("the token ABI", () => {
  it("equals the parsed signatures, entry by entry", () => {
    expect(TOKEN_ABI).toEqual(FUNCTIONS);
  });

  it("has the ERC-20, EIP-2612 and EIP-5267 selectors; the Transfer topic is the event's", () => {
    expect(TOKEN_ABI.map((f) => toFunctionSelector(f))).toEqual([
      "0x70a08231",
      "0x7ecebe00",
      "0x06fdde03",
      "0x84b0196e",
    ]);
    expect(TRANSFER_TOPIC).toBe(toEventSelector(TRANSFER));
  });
});
