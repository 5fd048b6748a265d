/**
 * Bounds on the strings of a request, checked after validation, so that no request makes the
 * server keep more than a bounded amount: a string longer than `MAX_STRING_LENGTH` characters
 * (`destinationCallData`: `maxCallDataBytes` bytes of hex) is `InvalidArgument` naming the field.
 * (Members per array or object are bounded before parsing, in `body-shape.ts`.) CommitIntent is
 * exempt: its intent is only compared with the intent as quoted (which these bounds already kept
 * small) and its size is bounded by the body limit.
 */
import type { OperationInfo } from "../../../generated/operations.js";
import { invalidArgument, pointerSegment } from "../core/index.js";

/** Longest string member of a request, in characters (calldata excepted). */
export const MAX_STRING_LENGTH = 4096;

/** Fields with their own bound: the calldata of QuoteIntent. */
const CALLDATA_POINTERS = new Set(["/destinationCallData"]);

/** Throws `InvalidArgument` for the first string of `value` past its bound. */
export function checkRequestLimits(
  value: unknown,
  op: OperationInfo,
  maxCallDataBytes: number,
): void {
  if (op.name === "CommitIntent") return;
  const calldataChars = 2 + 2 * maxCallDataBytes;
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0) {
    const [v, pointer] = stack.pop() as [unknown, string];
    if (typeof v === "string") {
      const calldata = CALLDATA_POINTERS.has(pointer);
      const max = calldata ? calldataChars : MAX_STRING_LENGTH;
      if (v.length > max) {
        throw invalidArgument(
          pointer,
          calldata
            ? `is ${Math.floor((v.length - 2) / 2)} bytes of calldata; at most ${maxCallDataBytes} (maxCallDataBytes)`
            : `is ${v.length} characters long; at most ${MAX_STRING_LENGTH}`,
        );
      }
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push([v[i], `${pointer}/${i}`]);
    } else if (v !== null && typeof v === "object") {
      for (const [k, item] of Object.entries(v)) stack.push([item, pointer + pointerSegment(k)]);
    }
  }
}
