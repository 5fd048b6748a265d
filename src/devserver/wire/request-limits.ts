/**
 * The one request bound a server's options set, checked after validation: QuoteIntent's
 * `destinationCallData` may hold at most `maxCallDataBytes` bytes of hex. The published schema
 * states the default (64 KiB), which the request check enforces for every server; an option below
 * it is this server's own rule, answered as `InvalidArgument` naming the field (without `issues`,
 * which mark what breaks the published schema). Every other bound on a request's strings (4096
 * characters unless the field says otherwise) is in the published schema and the request check.
 */
import type { OperationInfo } from "../../../generated/operations.js";
import { invalidArgument } from "../core/index.js";

/** Throws `InvalidArgument` when QuoteIntent's calldata is past `maxCallDataBytes`. */
export function checkRequestLimits(
  value: unknown,
  op: OperationInfo,
  maxCallDataBytes: number,
): void {
  if (op.name !== "QuoteIntent" || value === null || typeof value !== "object") return;
  const data = (value as { destinationCallData?: unknown }).destinationCallData;
  if (typeof data !== "string" || data.length <= 2 + 2 * maxCallDataBytes) return;
  throw invalidArgument(
    "/destinationCallData",
    `is ${Math.floor((data.length - 2) / 2)} bytes of calldata; at most ${maxCallDataBytes} (maxCallDataBytes)`,
  );
}
