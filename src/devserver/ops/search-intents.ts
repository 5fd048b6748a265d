/**
 * SearchIntents: every filter of the interface, combined with AND, each answered from an index
 * (no scan of all intents); the smallest candidate set is walked and checked against the others.
 * `byTransactionHash` matches any transaction of the intent, `byDepositTransactionHash` only its
 * deposit; `byQueryString` matches one term exactly (case-insensitive): an intent id, an owner,
 * recipient or intent address, a transaction hash, or a token symbol. Newest first. At least one
 * filter is required.
 */
import type {
  Intent,
  SearchIntentsRequest,
  SearchIntentsResponse,
} from "../../../generated/types.js";
import { invalidArgument } from "../core/index.js";
import type { IndexName, IntentRecord } from "../intents/index.js";
import { intentView, stateAt } from "../intents/index.js";
import type { CallContext } from "./context.js";

const filters: [keyof SearchIntentsRequest, IndexName][] = [
  ["byProjectId", "project"],
  ["byTransactionHash", "txHash"],
  ["byDepositTransactionHash", "depositTxHash"],
  ["byOwnerAddress", "owner"],
  ["byOriginIntentAddress", "originAddress"],
  ["byDestinationIntentAddress", "destinationAddress"],
  ["byQueryString", "query"],
];

/** Finds intents. */
export function searchIntents(req: SearchIntentsRequest, ctx: CallContext): SearchIntentsResponse {
  const store = ctx.server.store;
  const sets: ReadonlySet<string>[] = [];
  // A null filter (webrpc's form of an absent optional field) is no filter.
  if (req.byIntentId != null) {
    sets.push(store.get(req.byIntentId) === undefined ? new Set() : new Set([req.byIntentId]));
  }
  for (const [field, index] of filters) {
    const value = req[field];
    if (value != null) sets.push(store.lookup(index, String(value).trim()));
  }
  if (sets.length === 0)
    throw invalidArgument("/", "give at least one filter (byIntentId, byOwnerAddress, ...)");
  sets.sort((a, b) => a.size - b.size);
  const [smallest, ...others] = sets as [ReadonlySet<string>, ...ReadonlySet<string>[]];
  const found: IntentRecord[] = [];
  for (const id of smallest) {
    if (!others.every((s) => s.has(id))) continue;
    const rec = store.get(id);
    if (rec !== undefined) found.push(rec);
  }
  found.sort((a, b) => b.seq - a.seq);
  const intents: Intent[] = found.map((rec) =>
    intentView(rec, stateAt(rec, ctx.now, ctx.server.timing)),
  );
  return { intents };
}
