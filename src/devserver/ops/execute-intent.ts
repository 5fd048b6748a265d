/**
 * ExecuteIntent: starts the execution of a committed intent within 10 minutes of its commit. The
 * deposit is named by its transaction hash or authorised by a signature (whose gas fee option must
 * be one the quote offered). Repeating the same execution returns the current status (on real
 * chains, a repeat arriving while the first call checks its deposit waits for that call's answer);
 * a different one is refused with `IntentStatus`. On real chains the deposit is checked (or made
 * from a permit) there first (see `execute-on-chain.ts`).
 */
import type { ExecuteIntentRequest, ExecuteIntentResponse } from "../../../generated/types.js";
import { type CallContext, notifyChange, visibleRecord } from "../context/index.js";
import {
  addressKey,
  canonical,
  type Digest,
  deriveHex,
  digestOf,
  EXECUTE_WINDOW_MS,
  invalidArgument,
  isHash,
  quoteExpired,
  rfc3339,
  wrongStatus,
} from "../core/index.js";
import { executeOnChain } from "../execution/index.js";
import type { Execution, IntentRecord } from "../intents/index.js";
import { stateAt } from "../intents/index.js";

function checkArguments(req: ExecuteIntentRequest, rec: IntentRecord): void {
  const hash = req.depositTransactionHash;
  const sig = req.depositSignature;
  if (hash === undefined && sig === undefined) {
    throw invalidArgument(
      "/depositTransactionHash",
      "give depositTransactionHash or depositSignature",
    );
  }
  if (hash !== undefined && !isHash(hash))
    throw invalidArgument("/depositTransactionHash", "must be a 0x-prefixed 32-byte hex hash");
  if (sig !== undefined) {
    const token = sig.selectedGasFeeOption.tokenAddress;
    if (!rec.feeTokens.some((a) => addressKey(a) === addressKey(token))) {
      throw invalidArgument(
        "/depositSignature/selectedGasFeeOption/tokenAddress",
        "is not a gas fee option of this intent",
      );
    }
  }
}

/** Executes a committed intent. */
export async function executeIntent(
  req: ExecuteIntentRequest,
  ctx: CallContext,
): Promise<ExecuteIntentResponse> {
  const server = ctx.server;
  const rec = visibleRecord(req.intentId, ctx);
  const argsKey = canonical({
    h: req.depositTransactionHash?.toLowerCase(),
    s: req.depositSignature,
  });
  if (rec.execution !== undefined) {
    if (rec.execution.argsKey !== argsKey)
      throw wrongStatus("the intent is already being executed with another deposit");
    return { intentId: req.intentId, intentStatus: stateAt(rec, ctx.now, server.timing).status };
  }
  if (rec.committedAt === undefined)
    throw wrongStatus("the intent is QUOTED: commit it before executing it");
  if (ctx.now - rec.committedAt > EXECUTE_WINDOW_MS) {
    const deadline = rfc3339(rec.committedAt + EXECUTE_WINDOW_MS);
    throw quoteExpired(
      `the execution window closed at ${deadline}; request a new quote and commit it`,
    );
  }
  checkArguments(req, rec);
  const d = digestOf(server.options.seed, rec.issued.intentId, argsKey);
  const runtime = server.chains;
  if (runtime !== undefined) {
    const id = rec.issued.intentId;
    const current = runtime.executing.get(id);
    if (current !== undefined) {
      if (current.argsKey !== argsKey)
        throw wrongStatus(
          "another execution of this intent is being checked; ask again in a moment",
        );
      // The same execution asked again: answered as a repeat once the first call is (or, the
      // first refused, checked again).
      await current.answered.catch(() => undefined);
      return executeIntent(req, ctx);
    }
    const answered = executeChecked(req, rec, ctx, argsKey, d);
    runtime.executing.set(id, { argsKey, answered });
    try {
      return await answered;
    } finally {
      runtime.executing.delete(id);
    }
  }
  const crossChain = rec.issued.originChainId !== rec.issued.destinationChainId;
  const depositTxHash = req.depositTransactionHash ?? deriveHex(d, "deposit-txn");
  const verdict = server.options.failRule({
    intent: rec.issued,
    depositTransactionHash: depositTxHash,
    bySignature: req.depositTransactionHash === undefined,
  });
  const execution: Execution = {
    at: ctx.now,
    argsKey,
    depositTxHash,
    originTxHash: deriveHex(d, "origin-txn"),
    destinationTxHash: crossChain ? deriveHex(d, "destination-txn") : undefined,
    failure: verdict === false ? undefined : verdict === true ? "execution failed" : verdict,
  };
  server.store.execute(rec, execution);
  server.stats.executions += 1;
  notifyChange(server, rec);
  return { intentId: req.intentId, intentStatus: stateAt(rec, ctx.now, server.timing).status };
}

/** The execution on chains: its deposit checked (or made), then stored and started. */
async function executeChecked(
  req: ExecuteIntentRequest,
  rec: IntentRecord,
  ctx: CallContext,
  argsKey: string,
  d: Digest,
): Promise<ExecuteIntentResponse> {
  const server = ctx.server;
  const { execution, start } = await executeOnChain(req, rec, ctx, argsKey, d);
  server.store.execute(rec, execution);
  start();
  server.stats.executions += 1;
  notifyChange(server, rec);
  return { intentId: req.intentId, intentStatus: stateAt(rec, execution.at, server.timing).status };
}
