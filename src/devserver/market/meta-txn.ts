/**
 * The meta-transactions that carry an intent's call batches to each chain's relayer.
 */
import type { IntentCalls, MetaTxn } from "../../../generated/types.js";
import { canonical, type Digest, deriveHex, keccakInSlices, toHex } from "../core/index.js";
import { executeData } from "./calldata.js";

/**
 * The meta-transaction that executes `batch` from `wallet`. It is sent to the guest module: the
 * wallet is counterfactual when quoted, and the guest module deploys it before running the batch.
 * The calls (which may carry 64 KiB of calldata) are hashed in slices, `pause()` between them.
 */
export async function metaTxn(
  batch: IntentCalls,
  wallet: string,
  guestModule: string,
  bridgeGas: bigint,
  d: Digest,
  label: string,
  pause: () => Promise<void>,
): Promise<MetaTxn> {
  const callsHash = toHex(await keccakInSlices(canonical(batch.calls), pause));
  return {
    id: deriveHex(d, `${label}-meta-txn`),
    chainId: batch.chainId,
    walletAddress: wallet,
    contract: guestModule,
    input: executeData(callsHash, batch.nonce ?? 0n),
    bridgeGas,
  };
}
