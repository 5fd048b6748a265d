/**
 * The permit path of a deposit: the owner signed an EIP-2612 permit letting the intent's
 * entrypoint (`serviceContracts.serviceIntentEntrypointAddress`) spend the deposit; the service
 * relays it, `permit(owner, entrypoint, permitAmount, permitDeadline, v, r, s)` then
 * `transferFrom(owner, originIntentAddress, amount)`, both sent as the entrypoint. Before anything
 * is sent, the permit is tried with `eth_call` and the owner's balance read: a signature that does
 * not verify, an expired one or a short balance is refused and nothing moves.
 */
import { callData, decodeUint, selector } from "./abi.js";
import { DepositRefusedError } from "./errors.js";
import { ChainRpcError, type Rpc } from "./rpc.js";
import { sendAs, sendDropped } from "./service-account.js";

/** A permit to relay. */
export interface PermitDeposit {
  token: string;
  symbol: string;
  owner: string;
  /** The entrypoint: the permit's spender, and the sender of both transactions. */
  spender: string;
  /** The permit's amount (at least `amount`). */
  value: bigint;
  deadline: bigint;
  /** 65 bytes, `r ‖ s ‖ v`, hex. */
  signature: string;
  /** The deposit. */
  amount: bigint;
  /** The origin intent address. */
  to: string;
}

const INVALID_SIGNER = selector("ERC2612InvalidSigner(address,address)");
const EXPIRED = selector("ERC2612ExpiredSignature(uint256)");
const SIG = "/depositSignature/permitSignature";

function split(signature: string): { v: bigint; r: string; s: string } {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature))
    throw new DepositRefusedError(
      SIG,
      `expected a 65-byte signature (r, s, v) in hex; found ${signature.length} characters`,
    );
  let v = BigInt(`0x${signature.slice(130, 132)}`);
  if (v < 27n) v += 27n;
  return { r: `0x${signature.slice(2, 66)}`, s: `0x${signature.slice(66, 130)}`, v };
}

function revertData(e: unknown): string | undefined {
  if (!(e instanceof ChainRpcError)) return undefined;
  const d = e.data;
  if (typeof d === "string") return d;
  if (typeof d === "object" && d !== null && typeof (d as { data?: unknown }).data === "string")
    return (d as { data: string }).data;
  return undefined;
}

function permitRefusal(e: unknown, p: PermitDeposit): DepositRefusedError {
  const data = revertData(e) ?? "";
  if (data.startsWith(INVALID_SIGNER)) {
    const signer = `0x${data.slice(34, 74)}`;
    return new DepositRefusedError(
      SIG,
      `the permit does not verify: expected a signature by the owner ${p.owner} for spender ${p.spender}, ${p.value} base units of ${p.symbol} (${p.token}), deadline ${p.deadline}; found one that recovers to ${signer}`,
    );
  }
  if (data.startsWith(EXPIRED))
    return new DepositRefusedError(
      "/depositSignature/permitDeadline",
      `expected a permit deadline in the future; found ${p.deadline}, which has passed on chain`,
    );
  return new DepositRefusedError(
    SIG,
    `the permit was refused by ${p.symbol} (${p.token}): ${(e as Error).message}`,
  );
}

/**
 * Relays the permit and the transfer; resolves with the transfer's hash (the deposit's). With
 * `drop` (the chain fault), both are checked as usual, then sent with mining held and dropped from
 * the pool: nothing moves, and the hash is one the chain never mines.
 */
export async function relayPermit(rpc: Rpc, p: PermitDeposit, drop = false): Promise<string> {
  if (p.value < p.amount)
    throw new DepositRefusedError(
      "/depositSignature/permitAmount",
      `expected a permit of at least ${p.amount} base units of ${p.symbol} (the deposit); found ${p.value}`,
    );
  const { v, r, s } = split(p.signature);
  const permit = callData("permit(address,address,uint256,uint256,uint8,bytes32,bytes32)", [
    { type: "address", value: p.owner },
    { type: "address", value: p.spender },
    { type: "uint", value: p.value },
    { type: "uint", value: p.deadline },
    { type: "uint", value: v },
    { type: "bytes32", value: r },
    { type: "bytes32", value: s },
  ]);
  try {
    await rpc.call("eth_call", [{ from: p.spender, to: p.token, data: permit }, "latest"]);
  } catch (e) {
    throw permitRefusal(e, p);
  }
  const held = decodeUint(
    await rpc.call<string>("eth_call", [
      { to: p.token, data: callData("balanceOf(address)", [{ type: "address", value: p.owner }]) },
      "latest",
    ]),
  );
  if (held < p.amount)
    throw new DepositRefusedError(
      SIG,
      `expected the owner ${p.owner} to hold at least ${p.amount} base units of ${p.symbol}; found ${held}`,
    );
  const transfer = callData("transferFrom(address,address,uint256)", [
    { type: "address", value: p.owner },
    { type: "address", value: p.to },
    { type: "uint", value: p.amount },
  ]);
  const txs = [
    { to: p.token, data: permit },
    { to: p.token, data: transfer, gas: 200_000n },
  ];
  if (drop) {
    const [, hash] = await sendDropped(rpc, p.spender, txs);
    if (hash === undefined) throw new Error("the transfer was not sent");
    return hash;
  }
  const [permitted, moved] = await sendAs(rpc, p.spender, txs);
  if (permitted === undefined || !permitted.success)
    throw new DepositRefusedError(SIG, "the permit reverted when it was sent");
  if (moved === undefined) throw new Error("the transfer was not sent");
  if (!moved.success)
    throw new DepositRefusedError(
      SIG,
      `the transfer of the deposit reverted (${moved.transactionHash})`,
    );
  return moved.transactionHash;
}
