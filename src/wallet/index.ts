/**
 * The wallet step's public names, which `src/viem.ts` opens as `xchain-intents/viem`: checking
 * the deposit instructions, sending the deposit once, the stores, executing with a wallet.
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
