/**
 * Deadlines that go on chain (a permit's) by a clock the service does not set alone: the origin
 * chain's latest block time (or this machine's clock when later: a quiet local chain mines no
 * block for a while), with the service's clock accepted only within a bound of it.
 */
import { getBlock } from "viem/actions";
import { ClockSkewError } from "../errors/wallet-errors.js";
import { EXECUTE_WINDOW_MS } from "../lifecycle/execute-deadline.js";
import type { Reader } from "./find-deposit.js";
import { iso, type Waiting } from "./service-state.js";

/** The largest difference accepted between the service's clock and the chain's, by default. */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The chain's time now and the service's (in this order), in epoch ms, once the service's clock
 * is believed: within `maxSkewMs` of the chain's, else `ClockSkewError` (nothing is signed, by
 * transfer or permit, on a window measured by a clock that far off).
 */
export async function checkedClocks(
  reader: Reader,
  window: Waiting,
  maxSkewMs = MAX_CLOCK_SKEW_MS,
): Promise<[chainMs: number, serviceMs: number]> {
  const block = await getBlock(reader);
  const chainMs = Math.max(Number(block.timestamp) * 1000, Date.now());
  const serviceMs = window.serviceNow();
  if (Math.abs(serviceMs - chainMs) > maxSkewMs)
    throw new ClockSkewError(iso(serviceMs), iso(chainMs), maxSkewMs);
  return [chainMs, serviceMs];
}

/**
 * The execute deadline in the chain's time (unix seconds): now on chain plus what is left of the
 * window by the service's clock, never more than the window. Throws `ClockSkewError` when the two
 * clocks differ by more than `maxSkewMs`.
 */
export async function chainDeadline(
  reader: Reader,
  window: Waiting,
  maxSkewMs = MAX_CLOCK_SKEW_MS,
): Promise<bigint> {
  const [chainMs, serviceMs] = await checkedClocks(reader, window, maxSkewMs);
  const left = Math.min(window.deadline - serviceMs, EXECUTE_WINDOW_MS);
  return BigInt(Math.floor((chainMs + left) / 1000));
}
