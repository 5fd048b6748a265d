/**
 * An ERC-20 deposit is found by the token's `Transfer` logs to the intent address, read from the
 * node's `eth_getLogs` answer, which is not trusted: a log counts only when it is a `Transfer` of
 * this token to this address with well-formed words; anything else in the list is passed over
 * (the address's balance then decides between "funded" and "no deposit"), and an answer that is
 * no list is an error, never "no deposit". The node here is a viem `custom` transport answering
 * from a table, so every answer is exactly the one under test.
 */
import { createClient, custom } from "viem";
import { describe, expect, it } from "vitest";
import type { CheckedDeposit } from "../../../src/wallet/check-deposit.js";
import { findDeposit } from "../../../src/wallet/find-deposit.js";
import { TRANSFER_TOPIC } from "../../../src/wallet/token-abi.js";

const TOKEN = "0x00000000000000000000000000000000000000c0";
const INTENT = "0x00000000000000000000000000000000000000aa";
const PAYER = "0x00000000000000000000000000000000000000bb";
const OTHER = "0x00000000000000000000000000000000000000dd";
const AMOUNT = 1_000_000n;
const word = (hex: string) => `0x${hex.replace(/^0x/, "").padStart(64, "0")}`;
const hash = (n: number) => word(n.toString(16));

const d: CheckedDeposit = {
  chainId: 42161,
  token: TOKEN,
  native: false,
  intentAddress: INTENT,
  amount: AMOUNT,
  owner: PAYER,
  tx: { to: TOKEN, data: undefined, value: 0n },
};

/** A well-formed Transfer log of `TOKEN` to the intent address; `over` replaces its fields. */
const log = (n: number, over: Record<string, unknown> = {}) => ({
  address: TOKEN,
  topics: [TRANSFER_TOPIC, word(PAYER), word(INTENT)],
  data: word(AMOUNT.toString(16)),
  transactionHash: hash(n),
  blockNumber: "0x5",
  logIndex: "0x0",
  ...over,
});

/** A node whose `eth_getLogs` answers `logs` and whose intent address holds `balance`. */
function node(logs: unknown, balance = 0n) {
  const asked: { method: string; params: unknown }[] = [];
  const reader = createClient({
    transport: custom({
      async request({ method, params }: { method: string; params: unknown }) {
        asked.push({ method, params });
        if (method === "eth_blockNumber") return "0x10";
        if (method === "eth_chainId") return "0xa4b1";
        if (method === "eth_getLogs") return logs;
        if (method === "eth_call") return word(balance.toString(16));
        throw new Error(`unexpected ${method}`);
      },
    }),
  });
  return { reader, asked };
}

describe("ERC-20 deposits found in the node's Transfer logs", () => {
  it("asks for this token's Transfer logs to the intent address over the range, and finds the payer's", async () => {
    const { reader, asked } = node([log(1)]);
    expect(await findDeposit(reader, d, PAYER, 3n)).toBe(hash(1));
    const request = asked.find((a) => a.method === "eth_getLogs");
    expect(request?.params).toEqual([
      {
        address: TOKEN,
        topics: [TRANSFER_TOPIC, null, word(INTENT)],
        fromBlock: "0x3",
        toBlock: "0x10",
      },
    ]);
  });

  it("finds the log whatever the spelling of the deposit's addresses (a missed log is a deposit paid again)", async () => {
    const upper = (a: string) => `0x${a.slice(2).toUpperCase()}` as `0x${string}`;
    const spelled = { ...d, token: upper(TOKEN), intentAddress: upper(INTENT) };
    expect(await findDeposit(node([log(1)]).reader, spelled, PAYER, 3n)).toBe(hash(1));
  });

  it("prefers the payer's transfer, counts another sender's, and passes over one below the amount", async () => {
    const small = log(1, { data: word((AMOUNT - 1n).toString(16)) });
    const theirs = log(2, { topics: [TRANSFER_TOPIC, word(OTHER), word(INTENT)] });
    expect(await findDeposit(node([small, theirs, log(3)]).reader, d, PAYER, 3n)).toBe(hash(3));
    expect(await findDeposit(node([small, theirs]).reader, d, PAYER, 3n)).toBe(hash(2));
    expect(await findDeposit(node([small]).reader, d, PAYER, 3n)).toBeUndefined();
  });

  it("passes over what is not a Transfer of this token to this address, or not well formed", async () => {
    const hostile = [
      null,
      "0x",
      log(1, { address: OTHER }),
      log(2, { topics: [word("01"), word(PAYER), word(INTENT)] }),
      log(3, { topics: [TRANSFER_TOPIC, word(PAYER), word(OTHER)] }),
      log(4, { topics: [TRANSFER_TOPIC, word(PAYER), word(INTENT), word("01")] }),
      log(5, { topics: [TRANSFER_TOPIC, word(PAYER)] }),
      log(6, { topics: "nope" }),
      log(7, { data: "0x01" }),
      log(8, { data: `0x${"zz".repeat(32)}` }),
      log(9, { transactionHash: "0x1234" }),
      log(10, { transactionHash: undefined }),
    ];
    expect(await findDeposit(node(hostile).reader, d, PAYER, 3n)).toBeUndefined();
    // The address holding the amount all the same: funded, so nothing is paid again.
    expect(await findDeposit(node(hostile, AMOUNT).reader, d, PAYER, 3n)).toBe("funded");
  });

  it("an answer that is no list is an error, not 'no deposit'", async () => {
    for (const answer of ["0x", { logs: [] }, null])
      await expect(findDeposit(node(answer).reader, d, PAYER, 3n)).rejects.toThrow();
  });
});
