// The lifecycle smoke every runtime runs against the dev server: quote → commit → execute → wait,
// with the BUILT package passed in (its ESM or CommonJS entry). Plain JavaScript, no imports, so
// that Node, Bun, Deno, workerd and a browser page can all load it as is.

/**
 * Runs one intent to its final status; resolves with what the runtime observed.
 * @param {any} sdk the package entry (`import * as sdk from "xchain-intents"`)
 * @param {{ baseUrl: string, accessKey: string, runtime: string }} target
 */
export async function lifecycleSmoke(sdk, { baseUrl, accessKey, runtime }) {
  const client = sdk.createClient({ baseUrl, accessKey, timeoutMs: 15_000 });
  const quoted = await client.quoteIntent({
    ownerAddress: "0x1111111111111111111111111111111111111111",
    originChainId: 42161,
    originTokenAddress: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
    destinationChainId: 8453,
    destinationTokenAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    tradeType: "EXACT_OUTPUT",
    destinationTokenAmount: 25_000_000n,
  });
  const { intent } = quoted;
  const expiresInMs = sdk.quoteExpiresAt(intent).getTime() - Date.now();
  const { intentId } = await client.commitIntent({ intent });
  const executed = await client.executeIntent({
    intentId,
    depositTransactionHash: `0x${"5a".repeat(32)}`,
  });
  const seen = [];
  const final = await client.waitForIntent(intentId, {
    timeoutMs: 30_000,
    onUpdate: (u) => seen.push(u.status),
  });
  let typedError = "none";
  try {
    await client.commitIntent({ intent: { ...intent, salt: intent.salt + 1n } });
  } catch (e) {
    typedError = `${e.name}:${sdk.isServiceError(e)}`;
  }
  return {
    runtime,
    intentId,
    bigints: typeof intent.quote.fromAmount === "bigint" && typeof intent.salt === "bigint",
    fromAmount: String(intent.quote.fromAmount),
    saltDigits: String(intent.salt).length,
    expiresInMs,
    executedStatus: executed.intentStatus,
    updates: seen.length,
    finalStatus: final.status,
    isFinal: sdk.isFinalStatus(final.status),
    typedError,
  };
}
