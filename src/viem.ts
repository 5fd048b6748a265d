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

export * from "./wallet/index.js";
