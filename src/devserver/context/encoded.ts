/**
 * Answers encoded by the operation itself, a list item at a time, for the two operations whose
 * answers can be large (SearchIntents, GetIntentHistory): the items are written one by one with
 * the lossless codec, the work is cut into slices of at most `SLICE_MS` with a yield to the event
 * loop between them (so that other requests, Ping included, are answered meanwhile), and the list
 * stops at a count and a byte bound.
 */

import { sleep } from "../../client/wait.js";
import { stringifyJson } from "../../codec/index.js";
import { utf8Length } from "../core/index.js";

/** Longest stretch of encoding between two yields to the event loop, in milliseconds. */
export const SLICE_MS = 3;

/** A response body already encoded, with headers to add to the answer. */
export class EncodedAnswer {
  constructor(
    /** The JSON body. */
    readonly text: string,
    /** Extra response headers. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

/** Bounds and wire form of an encoded list. */
export interface ListBounds {
  /** Most items. */
  maxItems: number;
  /** Most bytes of the items together (the first item is always kept). */
  maxBytes: number;
  /** How bigints are written. */
  bigintAs: "number" | "string";
  /** Stops early (the answer is dropped anyway) when the client goes away. */
  signal: AbortSignal;
}

/** The encoded items that fit, and whether some were left out. */
export interface EncodedList {
  parts: string[];
  bytes: number;
  /** Why the list stopped before the end, if it did. */
  cut: "count" | "bytes" | undefined;
}

const yieldToLoop = () => sleep(0);

/** Encodes `items` (each made by `view` when reached) as values of schema type `typeName`. */
export async function encodeList<T>(
  items: readonly T[],
  view: (item: T) => unknown,
  typeName: string,
  bounds: ListBounds,
): Promise<EncodedList> {
  const parts: string[] = [];
  let bytes = 0;
  let sliceStart = performance.now();
  for (const item of items) {
    if (parts.length >= bounds.maxItems) return { parts, bytes, cut: "count" };
    const text = stringifyJson(view(item), typeName, { bigintAs: bounds.bigintAs });
    const size = utf8Length(text) + 1;
    if (parts.length > 0 && bytes + size > bounds.maxBytes) return { parts, bytes, cut: "bytes" };
    parts.push(text);
    bytes += size;
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToLoop();
      if (bounds.signal.aborted) return { parts, bytes, cut: "count" };
      sliceStart = performance.now();
    }
  }
  return { parts, bytes, cut: undefined };
}
