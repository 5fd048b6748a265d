/**
 * Project isolation: a key sees and acts only on the intents of its own project. An intent of
 * another project is answered exactly as an intent that does not exist (`NotFound`), so that a key
 * cannot even learn which ids other projects hold; a `byProjectId` filter naming another project
 * is refused with `PermissionDenied`. A key configured with `allProjects: true` sees and acts on
 * every project's intents (for tests and operators).
 */
import { PermissionDeniedError } from "../../../generated/errors.js";
import { intentNotFound } from "../core/index.js";
import type { IntentRecord } from "../intents/index.js";
import type { CallContext } from "./context.js";

/** Whether the caller may see `rec`. */
export function canSee(rec: IntentRecord, ctx: CallContext): boolean {
  return ctx.allProjects || rec.projectId === ctx.projectId;
}

/** The record of `intentId` if the caller may see it; `NotFound` otherwise. */
export function visibleRecord(
  intentId: string,
  ctx: CallContext,
  pointer = "/intentId",
): IntentRecord {
  const rec = ctx.server.store.get(intentId);
  if (rec === undefined || !canSee(rec, ctx)) throw intentNotFound(intentId, pointer);
  return rec;
}

/**
 * Refuses a `byProjectId` filter that names a project the caller's key does not belong to. The
 * filter is an `ExactUint64`: a `bigint` past 2^53, which names no project a key can belong to.
 */
export function checkProjectFilter(
  projectId: number | bigint | null | undefined,
  ctx: CallContext,
  pointer = "/byProjectId",
): void {
  if (projectId == null || ctx.allProjects || projectId === ctx.projectId) return;
  throw new PermissionDeniedError({
    cause: `${pointer}: this access key belongs to project ${ctx.projectId}, not ${projectId}`,
  });
}
