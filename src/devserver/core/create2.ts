/**
 * Deterministic intent addresses, as CREATE2 derives them:
 * `keccak256(0xff ++ deployer ++ salt ++ keccak256(initCode))[12:]`, EIP-55 checksummed.
 */
import { checksumAddress } from "./checksum.js";
import { bigintToBytes, concatBytes, fromHex, keccak, toHex } from "./hex.js";

/**
 * The CREATE2 address of a contract deployed by `deployer` with `salt` (a uint256) and the given
 * init code hash (32 bytes, hex).
 *
 * @example
 * create2Address("0x0000000000FFe8B47B3e2130213B802212439497", 0n, initCodeHash);
 */
export function create2Address(deployer: string, salt: bigint, initCodeHash: string): string {
  const digest = keccak(
    concatBytes(
      Uint8Array.of(0xff),
      fromHex(deployer),
      bigintToBytes(salt, 32),
      fromHex(initCodeHash),
    ),
  );
  return checksumAddress(toHex(digest.slice(12)));
}

/**
 * The init code hash of an intent wallet. The init code is a fixed proxy stub followed by its
 * constructor arguments: the main module it delegates to and the upgradable main module its first
 * configuration update switches it to. The hash, and so the intent address, depends on both.
 */
export function walletInitCodeHash(mainModule: string, upgradableModule: string): string {
  const stub = fromHex(
    `0x603e600e3d39601e805130553df33d3d34601c57363d3d373d363d30545af43d82803e903d91601857fd5bf3`,
  );
  return toHex(keccak(concatBytes(stub, fromHex(mainModule), fromHex(upgradableModule))));
}
