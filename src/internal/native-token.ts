/**
 * The token address that stands for a chain's native currency (ETH on Ethereum) in quotes,
 * intents, balances and payouts: the zero address. Defined once here; the wallet entry and the
 * dev server each re-export it under their public name `NATIVE_TOKEN`.
 */

/** The zero address: the native currency where a token address is expected. */
export const NATIVE_TOKEN = "0x0000000000000000000000000000000000000000";
