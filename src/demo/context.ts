/** What every step of the demo works with. */
import type { IntentClient } from "../index.js";
import type { ProgressSink } from "./progress.js";
import type { Style } from "./style.js";
import type { DemoChains } from "./wallet.js";

/** The demo's client, output and settings. */
export interface DemoContext {
  /** A client made with the package's public `createClient`. */
  client: IntentClient;
  /** Writes one line. */
  line(text?: string): void;
  /** Raw output, for the progress display. */
  sink: ProgressSink;
  /** Colours (or none). */
  style: Style;
  /** Progress redrawn in place (a TTY) or plain lines. */
  live: boolean;
  /** Wallet of the intent. */
  owner: string;
  /**
   * How the deposit is made: from a test account's wallet on the dev server's chains, as a random
   * hash the simulated dev server accepts, or not at all (a service that is not a dev server).
   */
  deposit: "chains" | "simulated" | "none";
  /** The dev server's local chains and funded test account, when it runs them. */
  chains?: DemoChains | undefined;
}

/** The token the demo pays for: 25 USDC on Base. */
export const TARGET = {
  chainId: 8453,
  tokenAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  symbol: "USDC",
  decimals: 6,
  amount: 25_000_000n,
} as const;

/** The origin the demo prefers when it is offered: USDC on Arbitrum One. */
export const PREFERRED_ORIGIN = {
  chainId: 42161,
  tokenAddress: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
} as const;

/**
 * Prints a step heading, e.g. `[2/7] Quote`.
 *
 * @example
 * heading(ctx, 2, "Quote");
 */
export function heading(ctx: DemoContext, n: number, title: string): void {
  ctx.line();
  ctx.line(ctx.style.bold(`[${n}/${STEP_COUNT}] ${title}`));
}

/** How many steps the demo has. */
export const STEP_COUNT = 7;
