/**
 * GetIntentHistory: intents with their receipts, page by page, newest first by default. The cursor
 * is the intent's issue order (`column: "id"`): pass the returned `nextPage` back to continue.
 * `pageSize` defaults to 20 and is capped at 100; `sort` may ask for `ASC` on `id` or `createdAt`
 * (the same order). Owner and project filters are served from per-owner and per-project lists.
 */
import type {
  GetIntentHistoryRequest,
  GetIntentHistoryResponse,
  IntentHistory,
  Page,
} from "../../../generated/types.js";
import { addressKey, invalidArgument, OrderedList, rfc3339 } from "../core/index.js";
import type { IntentRecord } from "../intents/index.js";
import { receiptOf, stateAt } from "../intents/index.js";
import type { CallContext } from "./context.js";

/** Page size when none is asked for. */
export const DEFAULT_PAGE_SIZE = 20;
/** Largest page size served (larger requests are capped). */
export const MAX_PAGE_SIZE = 100;

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

/** Lists intents with their receipts. */
export function getIntentHistory(
  req: GetIntentHistoryRequest,
  ctx: CallContext,
): GetIntentHistoryResponse {
  const store = ctx.server.store;
  const dir = order(req.page);
  const size = Math.min(Math.max(req.page?.pageSize || DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const empty = new OrderedList<IntentRecord>();
  // Optional fields may arrive as null (webrpc servers send null for absent values): same as absent.
  const source =
    req.byOwnerAddress != null
      ? (store.byOwner.get(addressKey(req.byOwnerAddress)) ?? empty)
      : req.byProjectId != null
        ? (store.byProject.get(req.byProjectId) ?? empty)
        : store.all;
  const walk =
    dir === "DESC" ? source.descending(req.page?.before) : source.ascending(req.page?.after);
  const intents: IntentHistory[] = [];
  let last: IntentRecord | undefined;
  let more = false;
  for (const rec of walk) {
    if (req.byProjectId != null && rec.projectId !== req.byProjectId) continue;
    const state = stateAt(rec, ctx.now, ctx.server.timing);
    if (req.byStatus != null && state.status !== req.byStatus) continue;
    if (intents.length === size) {
      more = true;
      break;
    }
    intents.push({
      intentId: rec.issued.intentId,
      status: state.status,
      expiresAt: rec.issued.expiresAt,
      createdAt: rfc3339(rec.issuedAt),
      updatedAt: rfc3339(state.since),
      receipt: receiptOf(rec, state),
    });
    last = rec;
  }
  if (!more || last === undefined) return { intents };
  const nextPage: Page = { column: "id", pageSize: size, more: true };
  if (dir === "DESC") nextPage.before = last.seq;
  else nextPage.after = last.seq;
  if (req.page?.sort !== undefined) nextPage.sort = req.page.sort;
  return { intents, nextPage };
}
