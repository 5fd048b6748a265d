/**
 * What the chain says: balances, and whether an intent's deposit was already made (the chain is
 * the truth, whatever a store remembers). The search covers the whole time since the intent was
 * quoted: from the block at or before that moment (found by bisection on block timestamps). An
 * ERC-20 deposit is found by the token's `Transfer` logs to the deposit address; a native one by
 * the payer's transactions in that range (the blocks where its nonce moved, found by bisection on
 * its transaction count), and by the transactions of the latest blocks from anyone.
 */
import type { Chain, Client, Transport } from "viem";
import {
  getBalance,
  getBlock,
  getBlockNumber,
  getTransactionCount,
  getTransactionReceipt,
} from "viem/actions";
import { DepositOutcomeUnknownError, InsufficientBalanceError } from "../errors/wallet-errors.js";
import { type CheckedDeposit, NATIVE_TOKEN } from "./check-deposit.js";
import { readToken, TRANSFER_TOPIC } from "./token-abi.js";

/** Any viem client that can read the origin chain. */
export type Reader = Client<Transport, Chain | undefined>;

/** Blocks per `eth_getLogs` request (nodes bound the range of one). */
const LOG_CHUNK = 5_000n;
/** The latest blocks whose native transfers from anyone are read one by one. */
const RECENT_BLOCKS = 64n;

/** `holder`'s balance of `d`'s token. */
export async function balanceOf(
  reader: Reader,
  d: CheckedDeposit,
  holder: `0x${string}`,
): Promise<bigint> {
  return d.native
    ? getBalance(reader, { address: holder })
    : ((await readToken(reader, d.token, "balanceOf", [holder])) as bigint);
}

/**
 * Throws `InsufficientBalanceError` when `holder` has less than `need` of `d`'s token (`native`:
 * of the chain's currency, which also pays the gas).
 */
export async function checkBalance(
  reader: Reader,
  d: CheckedDeposit,
  holder: `0x${string}`,
  need: bigint,
  native = d.native,
): Promise<void> {
  const have = await balanceOf(reader, { ...d, native }, holder);
  if (have < need) throw new InsufficientBalanceError(native ? NATIVE_TOKEN : d.token, have, need);
}

/** The latest block at or before `time` (unix seconds); 0 when every block is later. */
export async function blockAt(reader: Reader, time: bigint, latest: bigint): Promise<bigint> {
  const stamp = async (n: bigint) => (await getBlock(reader, { blockNumber: n })).timestamp;
  if ((await stamp(latest)) <= time) return latest;
  let [lo, hi] = [0n, latest]; // stamp(lo) <= time or lo = 0; stamp(hi) > time
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if ((await stamp(mid)) <= time) lo = mid;
    else hi = mid;
  }
  return lo;
}

type Found = { from: string; value: bigint; hash: `0x${string}` };

/** A log as a node answers `eth_getLogs` (nothing in it trusted). */
interface RawLog {
  address?: unknown;
  topics?: unknown;
  data?: unknown;
  transactionHash?: unknown;
}

/** A 32-byte hex word: a topic, an amount, a transaction hash. */
const WORD = /^0x[0-9a-f]{64}$/i;

/**
 * The token's `Transfer` logs to the intent address, read with `eth_getLogs` (viem's `getLogs`
 * would bring its event decoding, about 2.6 kB min+gzip, into every app that pays through the
 * SDK). A log is counted only when it is a `Transfer` of this token to the intent address, with
 * 32-byte words where the event has them; a list that is no list is an error.
 */
async function tokenTransfers(reader: Reader, d: CheckedDeposit, start: bigint, end: bigint) {
  const found: Found[] = [];
  // Compared in lower case whatever the caller's spelling: a log missed here is a deposit paid
  // again.
  const token = d.token.toLowerCase();
  const toTopic: `0x${string}` = `0x${d.intentAddress.slice(2).toLowerCase().padStart(64, "0")}`;
  for (let from = start; from <= end; from += LOG_CHUNK) {
    const to = from + LOG_CHUNK - 1n < end ? from + LOG_CHUNK - 1n : end;
    const logs: unknown = await reader.request({
      method: "eth_getLogs",
      params: [
        {
          address: d.token,
          topics: [TRANSFER_TOPIC, null, toTopic],
          fromBlock: `0x${from.toString(16)}`,
          toBlock: `0x${to.toString(16)}`,
        },
      ],
    });
    if (!Array.isArray(logs)) throw new TypeError("eth_getLogs answered no list");
    for (const l of logs as (RawLog | null)[]) {
      const [topic, sender, receiver, ...more] = Array.isArray(l?.topics) ? l.topics : [];
      const words = [topic, sender, receiver, l?.data, l?.transactionHash];
      if (
        more.length === 0 &&
        words.every((w) => typeof w === "string" && WORD.test(w)) &&
        String(l?.address).toLowerCase() === token &&
        topic.toLowerCase() === TRANSFER_TOPIC &&
        receiver.toLowerCase() === toTopic
      )
        found.push({
          from: `0x${sender.slice(26)}`,
          value: BigInt(l?.data as string),
          hash: l?.transactionHash as `0x${string}`,
        });
    }
  }
  return found;
}

/** The blocks in (lo, hi] where `payer`'s transaction count moved, by bisection. */
async function payerBlocks(reader: Reader, payer: `0x${string}`, lo: bigint, hi: bigint) {
  const count = (n: bigint) => getTransactionCount(reader, { address: payer, blockNumber: n });
  const out: bigint[] = [];
  const walk = async (a: bigint, b: bigint, ca: number, cb: number): Promise<void> => {
    if (ca === cb) return;
    if (b - a === 1n) return void out.push(b);
    const mid = (a + b) / 2n;
    const cm = await count(mid);
    await walk(a, mid, ca, cm);
    await walk(mid, b, cm, cb);
  };
  await walk(lo, hi, await count(lo), await count(hi));
  return out;
}

/** The most blocks read one by one when a node cannot tell past transaction counts. */
const SCAN_LIMIT = 20_000n;

async function nativeTransfers(
  reader: Reader,
  d: CheckedDeposit,
  payer: `0x${string}`,
  start: bigint,
  end: bigint,
) {
  const blocks = new Set<bigint>();
  // The range's newest `count` blocks.
  const newest = (count: bigint) => {
    for (let n = end; n >= start && end - n < count; n--) blocks.add(n);
  };
  newest(RECENT_BLOCKS);
  // From the block before `start` (block 1 at least: the genesis state may be gone, and block 1
  // is then read itself), every block where the payer's count moved.
  const lo = start > 1n ? start - 1n : 1n;
  if (start <= 1n && end >= 1n) blocks.add(1n);
  try {
    for (const n of await payerBlocks(reader, payer, lo, end)) blocks.add(n);
  } catch {
    // A node without the past states (not an archive): every block of the range, newest first.
    newest(SCAN_LIMIT);
  }
  const found: Found[] = [];
  for (const n of [...blocks].sort((a, b) => (a < b ? 1 : -1))) {
    const block = await getBlock(reader, { blockNumber: n, includeTransactions: true });
    for (const t of block.transactions)
      if (t.to?.toLowerCase() === d.intentAddress)
        found.push({ from: t.from, value: t.value, hash: t.hash });
  }
  return found;
}

/**
 * The hash of a transaction that paid the deposit to the intent address, when the chain shows
 * one; `"funded"` when the address holds the amount but no such transaction was found (it must
 * not be paid again); `undefined` when neither. A transfer from `payer` of at least the amount is
 * preferred; one from anyone else of at least the amount counts too. The search starts at
 * `fromBlock`, else at the block at or before `notBefore` (unix seconds: no deposit can be
 * older, the intent did not exist).
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
  const start = fromBlock ?? (await blockAt(reader, notBefore, latest));
  const all = d.native
    ? await nativeTransfers(reader, d, payer, start, latest)
    : await tokenTransfers(reader, d, start, latest);
  const enough = all.filter((f) => f.value >= d.amount);
  const mine = enough.filter((f) => f.from.toLowerCase() === payer.toLowerCase());
  // A native transfer may have reverted (a log never did): only a successful one counts.
  for (const f of [...mine, ...enough])
    if (!d.native || (await getTransactionReceipt(reader, { hash: f.hash })).status === "success")
      return f.hash;
  return (await balanceOf(reader, d, d.intentAddress)) >= d.amount ? "funded" : undefined;
}

/**
 * What `findDeposit`'s `"funded"` means for the caller: the intent address (`intentAddress`, as
 * the intent writes it) holds the deposit, but no one transaction paying it was found (split
 * transfers, or one older than the search), so nothing is sent and the money is not paid twice.
 */
export function fundedUnknown(key: string, intentAddress: string): DepositOutcomeUnknownError {
  return new DepositOutcomeUnknownError(key, undefined, undefined, {
    message: `the intent address ${intentAddress} already holds the deposit, paid by no one transaction found: nothing was sent; check the intent's receipt before paying again`,
  });
}
