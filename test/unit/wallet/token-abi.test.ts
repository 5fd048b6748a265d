/**
 * The token interface the wallet step reads, written as JSON ABI, is the very interface of the
 * human-readable signatures (what viem's `parseAbi` makes of them): same names, inputs, outputs
 * and mutability, so the same selectors, the same decoding of answers, the same `Transfer` topic.
 */
import { parseAbi, toEventSelector, toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import { TOKEN_ABI, TRANSFER_EVENT } from "../../../src/wallet/token-abi.js";

const SIGNATURES = parseAbi([
  "function balanceOf(address) view returns (uint256)",
  "function nonces(address) view returns (uint256)",
  "function name() view returns (string)",
  "function eip712Domain() view returns (bytes1, string, string, uint256, address, bytes32, uint256[])",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
]);

describe("the token ABI", () => {
  it("equals the parsed signatures, entry by entry", () => {
    expect([...TOKEN_ABI, TRANSFER_EVENT]).toEqual(SIGNATURES);
  });

  it("has the ERC-20, EIP-2612 and EIP-5267 selectors and the ERC-20 Transfer topic", () => {
    expect(TOKEN_ABI.map((f) => toFunctionSelector(f))).toEqual([
      "0x70a08231",
      "0x7ecebe00",
      "0x06fdde03",
      "0x84b0196e",
    ]);
    expect(toEventSelector(TRANSFER_EVENT)).toBe(
      "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
    );
  });
});
