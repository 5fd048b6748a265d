/**
 * ExecuteIntent on real chains: the deposit is checked on the intent's origin chain (named by its
 * hash), or made by relaying the owner's permit; what does not pay the intent address in full is
 * refused with `InvalidArgument` saying what was expected and what was found, and the intent stays
 * COMMITTED, so a correct deposit can follow within the window. A deposit hash already used by
 * another intent is refused too. Accepted, the execution runs on the chains (deposit mined, origin
 * transaction, payout, or refund) while the call answers EXECUTING.
 */
import { ChainNodeHealthError } from "../../../generated/errors.js";
import type { ExecuteIntentRequest } from "../../../generated/types.js";
import {
  ChainRpcError,
  checkDepositTransaction,
  DepositRefusedError,
  type ExecutionJob,
  type ExpectedDeposit,
  type Payout,
  type Rpc,
  relayPermit,
  runExecution,
  SERVICE_ACCOUNT,
  startProgress,
} from "../chains/index.js";
import { type Digest, deriveHex, invalidArgument, wrongStatus } from "../core/index.js";
import type { Execution, IntentRecord } from "../intents/index.js";
import { type CallContext, type ChainRuntime, notifyChange } from "./context.js";

function rpcOf(runtime: ChainRuntime, chainId: number): Rpc {
  const rpc = runtime.set.rpc(chainId);
  if (rpc === undefined)
    throw new ChainNodeHealthError({ cause: `the dev server runs no chain ${chainId}` });
  return rpc;
}

function expectedDeposit(rec: IntentRecord): ExpectedDeposit {
  const i = rec.issued;
  return {
    chainId: i.originChainId,
    token: rec.from.address,
    symbol: rec.from.symbol,
    native: rec.from.native,
    amount: i.depositTransaction.amount,
    to: i.originIntentAddress,
  };
}

function payoutOf(rec: IntentRecord): Payout {
  const q = rec.issued.quoteRequest;
  const p: Payout = { token: rec.to.address, to: rec.recipient, amount: rec.issued.quote.toAmount };
  if (q?.destinationCallData !== undefined) {
    p.call = {
      target: rec.recipient,
      data: q.destinationCallData,
      value: q.destinationCallValue ?? 0n,
      ...(q.destinationApproveAddress === undefined
        ? {}
        : { spender: q.destinationApproveAddress }),
    };
  }
  return p;
}

/** Why a chain step failed, as the interface's error. */
function asServiceError(e: unknown): unknown {
  if (e instanceof DepositRefusedError) return invalidArgument(e.pointer, e.message);
  if (e instanceof ChainRpcError)
    return new ChainNodeHealthError({ cause: `a local chain did not answer: ${e.message}` });
  return e;
}

/** The deposit's hash, once it is checked (a hash) or made (a permit). */
async function depositOf(
  req: ExecuteIntentRequest,
  rec: IntentRecord,
  runtime: ChainRuntime,
): Promise<string> {
  const i = rec.issued;
  const origin = rpcOf(runtime, i.originChainId);
  const expected = expectedDeposit(rec);
  const hash = req.depositTransactionHash;
  if (hash !== undefined) {
    const others = Object.keys(runtime.set.chains)
      .map(Number)
      .filter((id) => id !== i.originChainId)
      .map((id) => [id, rpcOf(runtime, id)] as const);
    await checkDepositTransaction(origin, others, hash, expected);
    return hash;
  }
  const sig = req.depositSignature;
  if (sig === undefined) throw invalidArgument("/depositSignature", "is missing");
  if (rec.from.native)
    throw invalidArgument(
      "/depositSignature",
      "the native token has no permit: send the deposit and give depositTransactionHash",
    );
  const missing = (["permitSignature", "permitAmount", "permitDeadline"] as const).find(
    (k) => sig[k] === undefined,
  );
  if (missing !== undefined)
    throw invalidArgument(`/depositSignature/${missing}`, "is needed for a permit deposit");
  return relayPermit(origin, {
    token: rec.from.address,
    symbol: rec.from.symbol,
    owner: i.ownerAddress,
    spender: i.serviceContracts.serviceIntentEntrypointAddress,
    value: sig.permitAmount as bigint,
    deadline: BigInt(sig.permitDeadline as number | bigint),
    signature: sig.permitSignature as string,
    amount: expected.amount,
    to: expected.to,
  });
}

/**
 * Checks or makes the deposit of `rec` and starts its execution on the chains.
 *
 * @throws {InvalidArgumentError} a deposit that does not pay the intent, a reused hash, a bad permit.
 */
export async function executeOnChain(
  req: ExecuteIntentRequest,
  rec: IntentRecord,
  ctx: CallContext,
  argsKey: string,
  digest: Digest,
): Promise<Execution> {
  const server = ctx.server;
  const runtime = server.chains as ChainRuntime;
  const id = rec.issued.intentId;
  const given = req.depositTransactionHash?.toLowerCase();
  if (runtime.executing.has(id))
    throw wrongStatus("an execution of this intent is being checked; ask again in a moment");
  if (given !== undefined) {
    const users = [...server.store.lookup("depositTxHash", given)].filter((other) => other !== id);
    if (users.length > 0 || runtime.claimed.has(given))
      throw invalidArgument(
        "/depositTransactionHash",
        `expected a deposit no other intent used; found ${req.depositTransactionHash}, the deposit of another intent`,
      );
    runtime.claimed.add(given);
  }
  runtime.executing.add(id);
  let depositHash: string;
  try {
    depositHash = await depositOf(req, rec, runtime);
  } catch (e) {
    throw asServiceError(e);
  } finally {
    runtime.executing.delete(id);
    if (given !== undefined) runtime.claimed.delete(given);
  }
  if (rec.execution !== undefined || rec.dropped === true || server.closed)
    throw wrongStatus("the intent changed while its deposit was checked");
  const at = server.options.clock();
  const progress = startProgress(at, depositHash);
  const crossChain = rec.issued.originChainId !== rec.issued.destinationChainId;
  const execution: Execution = {
    at,
    argsKey,
    depositTxHash: depositHash,
    originTxHash: deriveHex(digest, "origin-txn"),
    destinationTxHash: crossChain ? deriveHex(digest, "destination-txn") : undefined,
    failure: undefined,
    chain: progress,
  };
  const job: ExecutionJob = {
    origin: rpcOf(runtime, rec.issued.originChainId),
    destination: rpcOf(runtime, rec.issued.destinationChainId),
    deposit: expectedDeposit(rec),
    depositHash,
    owner: rec.issued.ownerAddress,
    payout: payoutOf(rec),
    service: SERVICE_ACCOUNT.address,
    now: server.options.clock,
    changed: () => notifyChange(server, rec),
    closed: () => server.closed,
  };
  // Started once the execution is stored (the caller stores it before anything is awaited).
  queueMicrotask(() => {
    const run = runExecution(job, progress);
    runtime.running.add(run);
    void run.finally(() => runtime.running.delete(run));
  });
  return execution;
}
