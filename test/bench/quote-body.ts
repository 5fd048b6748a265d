/** The QuoteIntent request both server benches quote before timing (USDC Arbitrum → USDC Base). */
export const BENCH_QUOTE_BODY = JSON.stringify({
  ownerAddress: "0x2222222222222222222222222222222222222222",
  originChainId: 42161,
  originTokenAddress: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
  destinationChainId: 8453,
  destinationTokenAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  tradeType: "EXACT_INPUT",
  originTokenAmount: "250000000",
});
