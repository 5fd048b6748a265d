/**
 * What the wallet step takes from viem is chosen: size-limit leaves viem out of the wallet entry's
 * figure (a peer dependency), yet every viem function it imports comes into the apps that pay
 * through it. The list is held here, so that a new one is a decision; the three whose work a
 * smaller one does (`parseAbi`'s ABI parser, `readContract`'s error formatting, `getLogs`'s event
 * decoding: together about 7 kB min+gzip in a paying app) stay out.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repoPath } from "../../kit/runtimes/harness.js";

/** The values (not types) the wallet's sources import from viem, by module, sorted. */
function viemImports(): Record<string, string[]> {
  const found: Record<string, Set<string>> = {};
  const dir = repoPath("src/wallet");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
    const text = readFileSync(`${dir}/${file}`, "utf8");
    for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*"(viem[^"]*)"/g)) {
      if (m[1] || m[2] === undefined || m[3] === undefined) continue;
      const names = found[m[3]] ?? new Set<string>();
      for (const name of m[2].split(",").map((n) => n.trim()))
        if (name && !name.startsWith("type ")) names.add(name);
      found[m[3]] = names;
    }
  }
  return Object.fromEntries(Object.entries(found).map(([k, v]) => [k, [...v].sort()]));
}

describe("the viem the wallet step brings into an app", () => {
  it("is this list of functions", () => {
    expect(viemImports()).toEqual({
      viem: ["decodeFunctionResult", "encodeFunctionData", "keccak256", "toHex"],
      "viem/actions": [
        "call",
        "estimateGas",
        "getAddresses",
        "getBalance",
        "getBlock",
        "getBlockNumber",
        "getChainId",
        "getCode",
        "getGasPrice",
        "getTransaction",
        "getTransactionCount",
        "getTransactionReceipt",
        "sendTransaction",
        "signTypedData",
        "switchChain",
        "waitForTransactionReceipt",
      ],
    });
  });

  it("leaves out parseAbi, readContract and getLogs", () => {
    const all = Object.values(viemImports()).flat();
    for (const heavy of ["parseAbi", "readContract", "getLogs"]) expect(all).not.toContain(heavy);
  });
});
