/**
 * Checks a deposit on the intent's origin chain: the transaction named by its hash must pay the
 * intent address at least the deposit's amount of the deposit's token (native value for the
 * native token). Mined, the receipt's `Transfer` logs (or the value sent) say what was paid; still
 * pending, the transaction's own call (`transfer(to, amount)` or the value) says what it will pay.
 * Anything else is refused with what was expected and what was found.
 */
import { addressKey } from "../core/index.js";
import { selector } from "./abi.js";
import { DepositRefusedError } from "./errors.js";
import type { Rpc } from "./rpc.js";
import { receiptOf, type TxReceipt } from "./transactions.js";

/** What the deposit must be. */
export interface ExpectedDeposit {
  chainId: number;
  /** Token address; the zero address for the native token. */
  token: string;
  symbol: string;
  native: boolean;
  amount: bigint;
  /** The origin intent address. */
  to: string;
}

/** A deposit found acceptable: mined (with its receipt) or still pending. */
export type DepositFinding = { state: "mined"; receipt: TxReceipt } | { state: "pending" };

interface RawTx {
  hash: string;
  to: string | null;
  value: string;
  input: string;
  blockNumber: string | null;
}

const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const TRANSFER = selector("transfer(address,uint256)");
const POINTER = "/depositTransactionHash";

const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

function want(e: ExpectedDeposit): string {
  const what = e.native
    ? `${e.amount} wei of native ${e.symbol}`
    : `${e.amount} base units of ${e.symbol} (${e.token})`;
  return `expected a deposit of at least ${what} to the intent address ${e.to} on chain ${e.chainId}`;
}

/** What a mined receipt paid `to` in `token` (or the value of the transaction, when native). */
export function paidBy(
  receipt: TxReceipt,
  tx: { to: string | null; value: string },
  e: ExpectedDeposit,
): bigint {
  if (e.native)
    return tx.to !== null && addressKey(tx.to) === addressKey(e.to) ? BigInt(tx.value) : 0n;
  let paid = 0n;
  for (const log of receipt.logs) {
    if (log.topics[0] !== TRANSFER_TOPIC || log.topics.length !== 3) continue;
    if (addressKey(log.address) !== addressKey(e.token)) continue;
    if (addressKey(`0x${(log.topics[2] ?? "").slice(26)}`) !== addressKey(e.to)) continue;
    paid += BigInt(log.data === "0x" ? 0 : log.data);
  }
  return paid;
}

/** The transfers a receipt shows, for a refusal's "found" part. */
function transfersIn(receipt: TxReceipt, tx: RawTx): string {
  const parts: string[] = [];
  if (BigInt(tx.value) > 0n && tx.to !== null)
    parts.push(`${BigInt(tx.value)} wei of native value to ${tx.to}`);
  for (const log of receipt.logs) {
    if (log.topics[0] !== TRANSFER_TOPIC || log.topics.length !== 3) continue;
    const to = `0x${(log.topics[2] ?? "").slice(26)}`;
    parts.push(
      `${BigInt(log.data === "0x" ? 0 : log.data)} base units of token ${log.address} to ${to}`,
    );
  }
  return parts.length === 0
    ? "a transaction that transfers nothing"
    : `a transaction that transfers ${parts.join(" and ")}`;
}

/** What a pending transaction will pay, read from its call; `undefined` when it is not a plain one. */
function pendingPayment(tx: RawTx, e: ExpectedDeposit): { paid: bigint; found: string } {
  if (e.native || tx.input === "0x") {
    const to = tx.to ?? "a contract creation";
    const value = BigInt(tx.value);
    const paid = e.native && tx.to !== null && addressKey(tx.to) === addressKey(e.to) ? value : 0n;
    return { paid, found: `a pending transaction sending ${value} wei of native value to ${to}` };
  }
  if (tx.input.startsWith(TRANSFER) && tx.input.length >= 138 && tx.to !== null) {
    const to = `0x${tx.input.slice(34, 74)}`;
    const amount = BigInt(`0x${tx.input.slice(74, 138)}`);
    const right = addressKey(tx.to) === addressKey(e.token) && addressKey(to) === addressKey(e.to);
    return {
      paid: right ? amount : 0n,
      found: `a pending transfer of ${amount} base units of token ${tx.to} to ${to}`,
    };
  }
  return {
    paid: 0n,
    found: `a pending call to ${tx.to ?? "a contract creation"} that is not a plain transfer (send a plain transfer, or name the deposit once it is mined)`,
  };
}

/**
 * Checks the deposit `hash` against `e` on `origin`; `others` are the other chains, to say where a
 * transaction sent to the wrong chain went.
 *
 * @throws {DepositRefusedError} when it does not pay the intent in full.
 */
export async function checkDepositTransaction(
  origin: Rpc,
  others: readonly (readonly [number, Rpc])[],
  hash: string,
  e: ExpectedDeposit,
): Promise<DepositFinding> {
  const tx = await origin.call<RawTx | null>("eth_getTransactionByHash", [hash]);
  if (tx === null || tx === undefined) {
    const elsewhere = await Promise.all(
      others.map(async ([id, rpc]) =>
        (await rpc.call<RawTx | null>("eth_getTransactionByHash", [hash]).catch(() => null))
          ? id
          : undefined,
      ),
    );
    const on = elsewhere.find((id) => id !== undefined);
    throw new DepositRefusedError(
      POINTER,
      on === undefined
        ? `${want(e)}; found no transaction ${hash} on chain ${e.chainId}`
        : `${want(e)}; found transaction ${short(hash)} on chain ${on}, not on the intent's origin chain ${e.chainId}`,
    );
  }
  const receipt = await receiptOf(origin, hash);
  if (receipt === undefined) {
    const { paid, found } = pendingPayment(tx, e);
    if (paid < e.amount) throw new DepositRefusedError(POINTER, `${want(e)}; found ${found}`);
    return { state: "pending" };
  }
  if (!receipt.success)
    throw new DepositRefusedError(
      POINTER,
      `${want(e)}; found transaction ${short(hash)}, which reverted`,
    );
  const paid = paidBy(receipt, tx, e);
  if (paid < e.amount)
    throw new DepositRefusedError(POINTER, `${want(e)}; found ${transfersIn(receipt, tx)}`);
  return { state: "mined", receipt };
}

/** The native value and recipient of transaction `hash` (for re-checking a deposit once mined). */
export async function transactionOf(
  rpc: Rpc,
  hash: string,
): Promise<{ to: string | null; value: string } | undefined> {
  const tx = await rpc.call<RawTx | null>("eth_getTransactionByHash", [hash]);
  return tx ?? undefined;
}
