/**
 * Chains: the dev server's side of real local EVM chains. anvil processes (found in the optional
 * `@foundry-rs/anvil` package, one per catalogue chain on loopback, owned and stopped by the server
 * that started them), JSON-RPC over fetch, the catalogue's tokens placed at their canonical
 * addresses as OpenZeppelin ERC20Permit contracts, the public test accounts funded with native
 * currency and every token, and the money path: deposit checks, permit relaying, the filler's
 * payouts and refunds, and the progress of each execution.
 */
export { callData, decodeUint, encodeArgs } from "./abi.js";
export type { TestAccount } from "./accounts.js";
export { ANVIL_INSTALL, findAnvil } from "./anvil-binary.js";
export { startAnvil } from "./anvil-process.js";
export { checkDepositTransaction, type ExpectedDeposit } from "./deposit-check.js";
export { type Head, headOf } from "./depth.js";
export { DepositRefusedError } from "./errors.js";
export { type ExecutionJob, runExecution } from "./execution.js";
export { FILLER_ADDRESS, intentKey, type Payout } from "./filler.js";
export {
  type DevChainsInfo,
  type DevTestAccount,
  describeChains,
  type LocalChain,
  type LocalChainDefinition,
} from "./local-chain.js";
export { type ChainEndpoint, type ChainSet, startLocalChains } from "./local-chains.js";
export { relayPermit } from "./permit-relay.js";
export { choosePorts, fixedChainPorts } from "./ports.js";
export {
  type ChainProgress,
  type ChainTxn,
  type Recovery,
  type StrandedRefund,
  startProgress,
} from "./progress.js";
export { recheckRows } from "./recheck.js";
export { ChainRpcError, type Rpc } from "./rpc.js";
export { type IntentWallet, nonceOf, sendRefund, sentAt, strandedAmount } from "./stranded.js";
export { receiptOf } from "./transactions.js";
