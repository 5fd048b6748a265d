/**
 * What the chain says: balances, and whether an intent's deposit was already made (the chain is
 * the truth, whatever a store remembers). An ERC-20 deposit is found by the token's `Transfer`
 * logs to the deposit address; a native one by the transactions to it in the blocks since the
 * deposit was started, when that block is known.
 */
import { type Chain, type Client, parseAbi, type Transport } from "viem";
import {
  getBalance,
  getBlock,
  getBlockNumber,
  getLogs,
  getTransactionReceipt,
  readContract,
} from "viem/actions";
import type { CheckedDeposit } from "./check-deposit.js";

/** Any viem client that can read the origin chain. */
export type Reader = Client<Transport, Chain | undefined>;

const ERC20 = parseAbi([
  "function balanceOf(address) view returns (uint256)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
]);

/** How far back the logs are read when no record says where the deposit started. */
export const LOOKBACK_BLOCKS = 5_000n;
/** The most blocks read one by one for a native deposit. */
const NATIVE_SCAN_BLOCKS = 256n;

/** `holder`'s balance of `d`'s token. */
export function balanceOf(reader: Reader, d: CheckedDeposit, holder: `0x${string}`) {
  return d.native
    ? getBalance(reader, { address: holder })
    : readContract(reader, {
        address: d.token,
        abi: ERC20,
        functionName: "balanceOf",
        args: [holder],
      });
}

/**
 * The hash of a transaction that paid the deposit to the intent address, when the chain shows
 * one; `"funded"` when the address holds the amount but no such transaction was found (it must
 * not be paid again); `undefined` when neither. A transfer from `payer` of at least the amount is
 * preferred; one from anyone else of at least the amount counts too. `notBefore` (unix seconds):
 * no deposit can be older (the intent did not exist).
 */
export async function findDeposit(
  reader: Reader,
  d: CheckedDeposit,
  payer: `0x${string}`,
  fromBlock?: bigint,
  notBefore = 0n,
): Promise<`0x${string}` | "funded" | undefined> {
  // No cached block number: a deposit mined a moment ago must be in the range.
  const latest = await getBlockNumber(reader, { cacheTime: 0 });
  const back = d.native ? NATIVE_SCAN_BLOCKS : LOOKBACK_BLOCKS;
  const start = fromBlock ?? (latest > back ? latest - back : 0n);
  const found: { from: string; value: bigint; hash: `0x${string}` }[] = [];
  if (!d.native) {
    const logs = await getLogs(reader, {
      address: d.token,
      event: ERC20[1],
      args: { to: d.intentAddress },
      fromBlock: start,
      toBlock: latest,
    });
    for (const l of logs)
      if (l.transactionHash && l.args.from && l.args.value !== undefined)
        found.push({ from: l.args.from, value: l.args.value, hash: l.transactionHash });
  } else {
    // Blocks one by one, newest first (no index of native transfers): back to `start`, to the
    // first block older than `notBefore` (unix seconds), at most NATIVE_SCAN_BLOCKS.
    for (let n = latest; n >= start && latest - n < NATIVE_SCAN_BLOCKS; n--) {
      const block = await getBlock(reader, { blockNumber: n, includeTransactions: true });
      if (block.timestamp < notBefore) break;
      for (const t of block.transactions)
        if (t.to?.toLowerCase() === d.intentAddress)
          found.push({ from: t.from, value: t.value, hash: t.hash });
    }
  }
  const enough = found.filter((f) => f.value >= d.amount);
  const mine = enough.filter((f) => f.from.toLowerCase() === payer.toLowerCase());
  let hash: `0x${string}` | undefined;
  // A native transfer may have reverted (a log never did): only a successful one counts.
  for (const f of [...mine, ...enough])
    if (!d.native || (await getTransactionReceipt(reader, { hash: f.hash })).status === "success") {
      hash = f.hash;
      break;
    }
  if (hash) return hash;
  return (await balanceOf(reader, d, d.intentAddress)) >= d.amount ? "funded" : undefined;
}
