/**
 * `xchain-intents/devserver/browser`: what a browser app needs from a dev server, with no Node
 * built-in (the rest of `xchain-intents/devserver` runs in Node only): its chains as viem
 * `Chain` objects for a wagmi config, and an EIP-1193 provider for a funded test account.
 * `xchain-intents/devserver` exports the same functions for Node.
 *
 * @example
 * import { devChains, devWalletProvider } from "xchain-intents/devserver/browser";
 * const chains = await devChains("http://127.0.0.1:8787", accessKey);
 * const provider = devWalletProvider({ chains });
 *
 * @packageDocumentation
 */
export type { LocalChainDefinition } from "./chain-definition.js";
export {
  DEV_CHAINS_PATH,
  type DevChainList,
  type DevChainsOptions,
  devChains,
} from "./dev-chains.js";
export { DevChainsError, DevWalletError } from "./errors.js";
export {
  type DevWalletOptions,
  type DevWalletProvider,
  devWalletProvider,
} from "./wallet-provider.js";
