/**
 * `checkDeposit`: the service's deposit instructions, checked against the intent that was quoted,
 * before anything is signed. Pure and synchronous; the transaction it returns is the one
 * `sendDeposit` sends, and equals the instructions wherever they say something.
 */
import type { Intent } from "../../generated/types.js";
import { DepositMismatchError } from "../errors/wallet-errors.js";
import { NATIVE_TOKEN } from "../internal/native-token.js";

export { NATIVE_TOKEN };

/** The selector of ERC-20 `transfer(address,uint256)`. */
const TRANSFER = "0xa9059cbb";

/** Options of `checkDeposit`. */
export interface CheckDepositOptions {
  /** The account that will pay: it must be the intent's owner unless `allowOtherPayer`. */
  from?: string | undefined;
  /** Accept a payer other than the intent's owner. */
  allowOtherPayer?: boolean | undefined;
  /** The most the caller agrees to deposit, in base units of the origin token. */
  maxAmount?: bigint | undefined;
}

/** A checked deposit: what will be sent, and where it must arrive. */
export interface CheckedDeposit {
  /** The origin chain. */
  chainId: number;
  /** The token deposited (the zero address: native currency), in lower case. */
  token: `0x${string}`;
  /** Whether the token is the chain's native currency. */
  native: boolean;
  /** The intent's deposit address on the origin chain, in lower case. */
  intentAddress: `0x${string}`;
  /** The amount deposited, in base units. */
  amount: bigint;
  /** The intent's owner. */
  owner: `0x${string}`;
  /** The transaction to send: target, calldata and native value. */
  tx: { to: `0x${string}`; data: `0x${string}` | undefined; value: bigint };
}

/** The value at a dotted `path` of `intent` (`undefined` where a part is missing). */
export const valueAt = (intent: Intent, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], intent);

const lower = (s: unknown): string => (typeof s === "string" ? s.toLowerCase() : String(s));

/** `value` as a lowercase address; `DepositMismatchError` naming `field` when it is not one. */
export function checkedAddress(field: string, value: unknown): `0x${string}` {
  if (typeof value !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(value))
    throw new DepositMismatchError(field, "a 20-byte hex address", String(value));
  return value.toLowerCase() as `0x${string}`;
}

/** Throws `DepositMismatchError` naming `field`, what was `expected` and what was `found`, unless `ok`. */
function agree(ok: boolean, field: string, expected: unknown, found: unknown): void {
  if (!ok) throw new DepositMismatchError(field, String(expected), String(found));
}

function same(field: string, expected: unknown, found: unknown): void {
  agree(lower(expected) === lower(found), field, expected, found);
}

function word(hex: string): string {
  return hex.padStart(64, "0");
}

/** The calldata of `transfer(to, amount)`. */
export function transferCalldata(to: string, amount: bigint): `0x${string}` {
  return `${TRANSFER}${word(to.slice(2).toLowerCase())}${word(amount.toString(16))}`;
}

/**
 * Checks the deposit instructions of `intent` against the intent itself: chain, token, deposit
 * address, amount (exactly `quote.fromAmount`, and never above `maxAmount`), the transaction's target,
 * calldata and value, and the payer. Throws `DepositMismatchError` naming the first field that
 * disagrees; returns the deposit to send.
 *
 * @example
 * const deposit = checkDeposit(intent, { from: account.address, maxAmount: 30_000_000n });
 */
export function checkDeposit(intent: Intent, options: CheckDepositOptions = {}): CheckedDeposit {
  const d = intent.depositTransaction;
  const chainId = intent.originChainId;
  // Each address is read from `intent` at its path and named by that path when it is no address.
  const at = (path: string) => checkedAddress(path, valueAt(intent, path));
  if (d.chainId !== undefined) same("depositTransaction.chainId", chainId, d.chainId);
  const quoted = at("quoteRequest.originTokenAddress");
  same("quoteRequest.originChainId", chainId, intent.quoteRequest.originChainId);
  const token = at("depositTransaction.tokenAddress");
  same("depositTransaction.tokenAddress", quoted, token);
  const intentAddress = at("originIntentAddress");
  same("depositTransaction.toAddress", intentAddress, at("depositTransaction.toAddress"));
  const owner = at("ownerAddress");
  same("ownerAddress", at("quoteRequest.ownerAddress"), owner);
  const amount = d.amount;
  const field = "depositTransaction.amount";
  agree(typeof amount === "bigint" && amount > 0n, field, "a positive amount", amount);
  // Exactly the quote's amount: more pays too much; less is refused by the service and stranded.
  agree(amount === intent.quote.fromAmount, field, intent.quote.fromAmount, amount);
  const most = options.maxAmount;
  agree(most === undefined || amount <= most, field, `at most ${most}`, amount);
  if (options.from !== undefined && !options.allowOtherPayer)
    same("ownerAddress", owner, checkedAddress("payer", options.from));

  const native = token === NATIVE_TOKEN;
  const tx = native
    ? { to: intentAddress, data: undefined, value: amount }
    : { to: token, data: transferCalldata(intentAddress, amount), value: 0n };
  if (d.to !== undefined) same("depositTransaction.to", tx.to, d.to);
  agree(
    d.value === undefined || d.value === tx.value,
    "depositTransaction.value",
    tx.value,
    d.value,
  );
  if (d.data !== undefined) same("depositTransaction.data", tx.data ?? "0x", d.data || "0x");
  return { chainId, token, native, intentAddress, amount, owner, tx };
}
