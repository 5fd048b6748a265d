/**
 * `xchain-intents/viem`: the wallet step. Checks the service's deposit instructions against the
 * quoted intent, sends the deposit from a viem wallet once (also across a crash, with a durable
 * store), and executes the intent. viem (≥ 2) is a peer dependency of this entry only.
 *
 * @example
 * import { executeWithWallet } from "xchain-intents/viem";
 * const committed = await client.quoteAndCommit(request, { maxAmount });
 * await executeWithWallet(client, { ...committed, wallet, maxAmount, onProgress: (p) => console.log(p.step) });
 *
 * @packageDocumentation
 */

export {
  ClockSkewError,
  DepositMismatchError,
  DepositOutcomeUnknownError,
  DepositRejectedError,
  DepositRevertedError,
  DepositStrandedError,
  ExecuteWindowClosedError,
  InsufficientBalanceError,
  IntentNotAwaitingDepositError,
  NonceRaceError,
  type WalletErrorName,
  type WalletErrorTypes,
  WalletRpcError,
  WrongChainError,
} from "../errors/wallet-errors.js";
export {
  type CheckDepositOptions,
  type CheckedDeposit,
  checkDeposit,
  NATIVE_TOKEN,
  transferCalldata,
} from "./check-deposit.js";
export {
  type DepositRecord,
  type DepositStore,
  depositKey,
  localStorageDepositStore,
  memoryDepositStore,
  type ReleaseClaim,
  type WebLocks,
  type WebStorage,
} from "./deposit-store.js";
export {
  type ExecuteWithWalletOptions,
  type ExecuteWithWalletResult,
  type ExecutingClient,
  executeWithWallet,
} from "./execute-with-wallet.js";
export type { Reader } from "./find-deposit.js";
export type { PreflightOptions } from "./preflight.js";
export type { DepositProgress, DepositStep, OnProgress } from "./progress.js";
export { type SendDepositOptions, type SendDepositResult, sendDeposit } from "./send-deposit.js";
export type { ReadingClient } from "./service-state.js";
export type { Wallet } from "./wallet-chain.js";
