/**
 * The constants every tier shares: the catalogue's token addresses, the owner of the quotes the
 * tests ask for, and the start time of every manual clock. Defined here only.
 */

/** Start time of every test clock. */
export const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);

/** The native token of every chain. */
export const NATIVE = "0x0000000000000000000000000000000000000000";
/** USDC on Arbitrum (42161). */
export const USDC_ARB = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831";
/** USDC on Base (8453). */
export const USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
/** USDC on Ethereum (1). */
export const USDC_ETH = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
/** USDT on Arbitrum (42161). */
export const USDT_ARB = "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9";
/** USDT on Ethereum (1). */
export const USDT_ETH = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
/** WETH on Arbitrum (42161). */
export const WETH_ARB = "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1";
/** WETH on Base (8453). */
export const WETH_BASE = "0x4200000000000000000000000000000000000006";

/** The owner of the quotes the tests ask for (no key: a plain address). */
export const OWNER = "0x2222222222222222222222222222222222222222";
/** The first funded test account of the local chains (anvil's well-known account 0), checksummed. */
export const TEST_ACCOUNT_0 = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
