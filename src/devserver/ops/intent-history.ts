/**
 * GetIntentHistory: intents with their receipts, page by page, newest first by default. The cursor
 * is the intent's issue order (`column: "id"`): pass the returned `nextPage` back to continue.
 * `pageSize` defaults to 20 and is capped at 100; `sort` may ask for `ASC` on `id` or `createdAt`
 * (the same order). Owner and project filters are served from per-owner and per-project lists.
 *
 * Only the caller's project is listed (every project with an `allProjects` key); a `byProjectId`
 * of another project is `PermissionDenied`. A page also ends before `maxResponseBytes`, or after
 * looking at `MAX_SCANNED` (2,000) records (its `nextPage` continues from there, `more: true`, even when
 * the page holds fewer items than asked), and its items are encoded in slices that let other
 * requests through.
 */
import type { GetIntentHistoryRequest, IntentHistory, Page } from "../../../generated/types.js";
import { stringifyJson } from "../../codec/index.js";
import type { CallContext } from "../context/index.js";
import { canSee, checkProjectFilter, EncodedAnswer, encodeList } from "../context/index.js";
import { addressKey, invalidArgument, OrderedList, rfc3339 } from "../core/index.js";
import type { IntentRecord } from "../intents/index.js";
import { receiptOf, stateAt } from "../intents/index.js";

/** Page size when none is asked for. */
export const DEFAULT_PAGE_SIZE = 20;
/** Largest page size served (larger requests are capped). */
export const MAX_PAGE_SIZE = 100;
/** Most records one page looks at (a filter matching few of many intents pages through them). */
export const MAX_SCANNED = 2_000;

const columns = ["id", "createdAt"];

function order(page: Page | undefined): "ASC" | "DESC" {
  if (page?.column !== undefined && !columns.includes(page.column)) {
    throw invalidArgument("/page/column", `must be one of ${columns.join(", ")}`);
  }
  const sort = page?.sort ?? [];
  if (sort.length > 1) throw invalidArgument("/page/sort", "at most one sort column is supported");
  const first = sort[0];
  if (first === undefined) return "DESC";
  if (!columns.includes(first.column))
    throw invalidArgument("/page/sort/0/column", `must be one of ${columns.join(", ")}`);
  if (first.order !== "ASC" && first.order !== "DESC")
    throw invalidArgument("/page/sort/0/order", "must be ASC or DESC");
  return first.order as "ASC" | "DESC";
}

/** The list a history request walks: the narrowest the filters and the caller's key allow. */
function sourceOf(req: GetIntentHistoryRequest, ctx: CallContext): OrderedList<IntentRecord> {
  const store = ctx.server.store;
  const empty = new OrderedList<IntentRecord>();
  // Optional fields may arrive as null (webrpc servers send null for absent values): same as absent.
  if (req.byOwnerAddress != null) return store.byOwner.get(addressKey(req.byOwnerAddress)) ?? empty;
  // A project id past 2^53 (a bigint) is no project's: keys and records hold safe integers.
  if (req.byProjectId != null)
    return typeof req.byProjectId === "number"
      ? (store.byProject.get(req.byProjectId) ?? empty)
      : empty;
  if (ctx.allProjects) return store.all;
  return store.byProject.get(ctx.projectId) ?? empty;
}

function historyItem(rec: IntentRecord, ctx: CallContext): IntentHistory {
  const state = stateAt(rec, ctx.now, ctx.server.timing);
  return {
    intentId: rec.issued.intentId,
    status: state.status,
    expiresAt: rec.issued.expiresAt,
    createdAt: rfc3339(rec.issuedAt),
    updatedAt: rfc3339(state.since),
    receipt: receiptOf(rec, state),
  };
}

/** Lists intents with their receipts. */
export async function getIntentHistory(
  req: GetIntentHistoryRequest,
  ctx: CallContext,
): Promise<EncodedAnswer> {
  checkProjectFilter(req.byProjectId, ctx);
  const dir = order(req.page);
  const size = Math.min(Math.max(req.page?.pageSize || DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const source = sourceOf(req, ctx);
  const walk =
    dir === "DESC" ? source.descending(req.page?.before) : source.ascending(req.page?.after);
  // Pick the page's records first (no encoding, no yield: the list may change meanwhile). At most
  // MAX_SCANNED records are looked at: a filter that matches few of many intents gets a short
  // page (even an empty one) whose nextPage continues after the last record looked at.
  const picked: IntentRecord[] = [];
  let more = false;
  let scanned = 0;
  let lastScanned: IntentRecord | undefined;
  for (const rec of walk) {
    if (picked.length === size || scanned === MAX_SCANNED) {
      more = true;
      break;
    }
    scanned++;
    lastScanned = rec;
    if (!canSee(rec, ctx)) continue;
    if (req.byProjectId != null && rec.projectId !== req.byProjectId) continue;
    if (req.byStatus != null && stateAt(rec, ctx.now, ctx.server.timing).status !== req.byStatus)
      continue;
    picked.push(rec);
  }
  const { options } = ctx.server;
  const list = await encodeList(picked, (rec) => historyItem(rec, ctx), "IntentHistory", {
    maxItems: size,
    maxBytes: options.maxResponseBytes,
    bigintAs: ctx.bigintAs,
    signal: ctx.signal,
  });
  const items = `"intents":[${list.parts.join(",")}]`;
  // The cursor: after the last item sent when the bytes cut the page, else after the last record
  // looked at (the last item, or a record the filters skipped).
  const last = list.cut === undefined ? lastScanned : picked[list.parts.length - 1];
  if ((!more && list.cut === undefined) || last === undefined)
    return new EncodedAnswer(`{${items}}`);
  const nextPage: Page = { column: "id", pageSize: size, more: true };
  if (dir === "DESC") nextPage.before = last.seq;
  else nextPage.after = last.seq;
  if (req.page?.sort !== undefined) nextPage.sort = req.page.sort;
  const page = stringifyJson(nextPage, "Page", { bigintAs: ctx.bigintAs });
  return new EncodedAnswer(`{${items},"nextPage":${page}}`);
}
