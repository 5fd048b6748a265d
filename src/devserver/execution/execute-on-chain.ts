/**
 * ExecuteIntent on real chains: the deposit is checked on the intent's origin chain (named by its
 * hash), or made by relaying the owner's permit; what does not pay the intent address in full is
 * refused with `InvalidArgument` saying what was expected and what was found, and the intent stays
 * COMMITTED, so a correct deposit can follow within the window. A deposit hash already used by
 * another intent is refused too. Accepted, the execution runs on the chains (deposit mined, origin
 * transaction, payout, or refund) while the call answers EXECUTING; each step it takes is written
 * to the state journal, and a server restarted on its state file resumes the executions that had
 * not ended (`resumeExecutions`). The chain faults of the call (`deposit-dropped`,
 * `payout-delayed`) apply here.
 */
import { ChainNodeHealthError } from "../../../generated/errors.js";
import type { ExecuteIntentRequest } from "../../../generated/types.js";
import {
  type ChainProgress,
  ChainRpcError,
  checkDepositTransaction,
  DepositRefusedError,
  type ExecutionJob,
  type ExpectedDeposit,
  intentKey,
  type Payout,
  type Rpc,
  relayPermit,
  runExecution,
  startProgress,
} from "../chains/index.js";
import {
  type CallContext,
  type ChainRuntime,
  notifyChange,
  type ServerState,
} from "../context/index.js";
import { type Digest, deriveHex, invalidArgument, wrongStatus } from "../core/index.js";
import type { Execution, IntentRecord } from "../intents/index.js";

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
  const p: Payout = {
    key: intentKey(rec.issued.intentId),
    token: rec.to.address,
    to: rec.recipient,
    amount: rec.issued.quote.toAmount,
  };
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

/** The refusal of `deposit-dropped` for a deposit already mined: the two ways to make it apply. */
function minedBeforeDrop(hash: string, chainId: number, rpcUrl: string): unknown {
  return invalidArgument(
    "/depositTransactionHash",
    `the chain fault deposit-dropped needs a deposit not yet mined, and ${hash} is mined on chain ${chainId} (nothing was dropped; the intent stays COMMITTED and this deposit can still execute it without the fault). To see a dropped deposit, either deposit with a permit, which the dev server sends and drops itself (executeWithWallet({ ...committed, method: "permit" }), or depositSignature), or hold the chain's mining: POST {"jsonrpc":"2.0","id":1,"method":"evm_setAutomine","params":[false]} to ${rpcUrl}, send the deposit, call ExecuteIntent with the fault, then send "params":[true] to mine again`,
  );
}

/**
 * The deposit's hash, once it is checked (a hash) or made (a permit). With `drop` (the chain
 * fault `deposit-dropped`), a pending deposit is dropped from the pool and a permit's is sent and
 * dropped; a deposit already mined cannot be, and is refused.
 */
async function depositOf(
  req: ExecuteIntentRequest,
  rec: IntentRecord,
  runtime: ChainRuntime,
  drop: boolean,
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
    const found = await checkDepositTransaction(origin, others, hash, expected);
    if (drop) {
      if (found.state === "mined") {
        // The URL users reach (behind the chains' origin guard), not the node's own.
        const url = runtime.set.chains[i.originChainId]?.rpcUrl ?? origin.url;
        throw minedBeforeDrop(hash, i.originChainId, url);
      }
      await origin.call("anvil_dropTransaction", [hash]);
    }
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
  return relayPermit(
    origin,
    {
      token: rec.from.address,
      symbol: rec.from.symbol,
      owner: i.ownerAddress,
      spender: i.serviceContracts.serviceIntentEntrypointAddress,
      value: sig.permitAmount as bigint,
      deadline: BigInt(sig.permitDeadline as number | bigint),
      signature: sig.permitSignature as string,
      amount: expected.amount,
      to: expected.to,
    },
    drop,
  );
}

/** An execution checked on chain, and the job that runs it (started once it is stored). */
export interface ChainExecution {
  execution: Execution;
  start: () => void;
}

/**
 * Checks or makes the deposit of `rec` and prepares its execution on the chains; the caller
 * marks the intent in `executing` meanwhile, stores the execution, then calls `start`.
 *
 * @throws {InvalidArgumentError} a deposit that does not pay the intent, a reused hash, a bad permit.
 */
export async function executeOnChain(
  req: ExecuteIntentRequest,
  rec: IntentRecord,
  ctx: CallContext,
  argsKey: string,
  digest: Digest,
): Promise<ChainExecution> {
  const server = ctx.server;
  const runtime = server.chains as ChainRuntime;
  const id = rec.issued.intentId;
  const given = req.depositTransactionHash?.toLowerCase();
  if (given !== undefined) {
    const users = [...server.store.lookup("depositTxHash", given)].filter((other) => other !== id);
    if (users.length > 0 || runtime.claimed.has(given))
      throw invalidArgument(
        "/depositTransactionHash",
        `expected a deposit no other intent used; found ${req.depositTransactionHash}, the deposit of another intent`,
      );
    runtime.claimed.add(given);
  }
  let depositHash: string;
  try {
    depositHash = await depositOf(req, rec, runtime, ctx.chainFault?.kind === "deposit-dropped");
  } catch (e) {
    throw asServiceError(e);
  } finally {
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
  const fault = ctx.chainFault;
  const job = jobOf(server, runtime, rec, depositHash);
  if (fault?.kind === "payout-delayed") job.payoutDelayMs = fault.ms;
  // The caller starts the job only once the journal and the store hold the execution: a change
  // the journal refused must not move money.
  return { execution, start: () => start(runtime, job, progress) };
}

/**
 * The chain job of `rec`'s execution with deposit `depositHash`: what running, resuming or
 * re-checking it needs.
 *
 * @throws {ChainNodeHealthError} when the server runs no chain of the intent.
 */
export function jobOf(
  server: ServerState,
  runtime: ChainRuntime,
  rec: IntentRecord,
  depositHash: string,
): ExecutionJob {
  return {
    origin: rpcOf(runtime, rec.issued.originChainId),
    destination: rpcOf(runtime, rec.issued.destinationChainId),
    deposit: expectedDeposit(rec),
    depositHash,
    owner: rec.issued.ownerAddress,
    payout: payoutOf(rec),
    now: server.options.clock,
    changed: () => {
      server.store.progressed(rec);
      notifyChange(server, rec);
    },
    closed: () => server.closed,
    confirmations: server.options.confirmations,
    stageMs: server.options.chainStageMs,
    payoutShown: rec.issued.originChainId !== rec.issued.destinationChainId,
  };
}

function start(runtime: ChainRuntime, job: ExecutionJob, progress: ChainProgress): void {
  const run = runExecution(job, progress);
  runtime.running.add(run);
  void run.finally(() => runtime.running.delete(run));
}

/**
 * Resumes, on the server's chains, every execution of its store that had not ended when the
 * server stopped (restored from a state file); answers how many. An execution whose chain is not
 * served any more ends FAILED.
 */
export function resumeExecutions(server: ServerState): number {
  const runtime = server.chains;
  if (runtime === undefined) return 0;
  let resumed = 0;
  for (const rec of server.store.all.ascending()) {
    const progress = rec.execution?.chain;
    if (progress === undefined || progress.outcome !== undefined) continue;
    let job: ExecutionJob;
    try {
      job = jobOf(server, runtime, rec, rec.execution?.depositTxHash as string);
    } catch (e) {
      const reason = `it cannot resume: ${(e as Error).message}`;
      progress.outcome = { status: "FAILED", at: server.options.clock(), reason };
      server.store.progressed(rec);
      continue;
    }
    job.resume = true;
    start(runtime, job, progress);
    resumed++;
  }
  return resumed;
}
