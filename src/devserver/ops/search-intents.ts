/**
 * SearchIntents: every filter of the interface, combined with AND, each answered from an index
 * (no scan of all intents); the smallest candidate set is walked and checked against the others.
 * `byTransactionHash` matches any transaction of the intent, `byDepositTransactionHash` only its
 * deposit; `byQueryString` matches one term exactly (case-insensitive): an intent id, an owner,
 * recipient or intent address, a transaction hash, or a token symbol. At least one filter is
 * required.
 *
 * Only the caller's project is searched (every project with an `allProjects` key); a
 * `byProjectId` of another project is `PermissionDenied`. The interface gives this operation no
 * paging, so the answer is bounded: the newest matches first, at most `maxSearchResults` intents
 * and `maxResponseBytes` bytes; the header `X-Total-Count` says how many matched, so a client can
 * tell that it got only the newest and narrow its filters.
 */
import type { SearchIntentsRequest } from "../../../generated/types.js";
import type { CallContext } from "../context/index.js";
import { checkProjectFilter, EncodedAnswer, encodeList } from "../context/index.js";
import { invalidArgument } from "../core/index.js";
import type { IndexName, IntentRecord } from "../intents/index.js";
import { intentView, stateAt } from "../intents/index.js";

const filters: [keyof SearchIntentsRequest, IndexName][] = [
  ["byProjectId", "project"],
  ["byTransactionHash", "txHash"],
  ["byDepositTransactionHash", "depositTxHash"],
  ["byOwnerAddress", "owner"],
  ["byOriginIntentAddress", "originAddress"],
  ["byDestinationIntentAddress", "destinationAddress"],
  ["byQueryString", "query"],
];

/** The records matching every filter of `req` that the caller may see, newest first. */
function matches(req: SearchIntentsRequest, ctx: CallContext): IntentRecord[] {
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
  if (!ctx.allProjects) sets.push(store.lookup("project", String(ctx.projectId)));
  sets.sort((a, b) => a.size - b.size);
  const [smallest, ...others] = sets as [ReadonlySet<string>, ...ReadonlySet<string>[]];
  const found: IntentRecord[] = [];
  for (const id of smallest) {
    if (!others.every((s) => s.has(id))) continue;
    const rec = store.get(id);
    if (rec !== undefined) found.push(rec);
  }
  return found.sort((a, b) => b.seq - a.seq);
}

/** Finds intents. */
export async function searchIntents(
  req: SearchIntentsRequest,
  ctx: CallContext,
): Promise<EncodedAnswer> {
  checkProjectFilter(req.byProjectId, ctx);
  const found = matches(req, ctx);
  const { options, timing } = ctx.server;
  const list = await encodeList(
    found,
    (rec) => intentView(rec, stateAt(rec, ctx.now, timing)),
    "Intent",
    {
      maxItems: options.maxSearchResults,
      maxBytes: options.maxResponseBytes,
      bigintAs: ctx.bigintAs,
      signal: ctx.signal,
    },
  );
  return new EncodedAnswer(`{"intents":[${list.parts.join(",")}]}`, {
    "X-Total-Count": String(found.length),
  });
}
