/** The decoders the bench compares, by name (the first is the baseline). */
import { parseExact } from "../../src/codec/exact-parse.js";
import { parseJson, pathTreeFor } from "../../src/codec/index.js";

/** A decoder under test. */
export type Decode = (text: string, typeName: string) => unknown;

/** `JSON.parse` (the baseline), the codec, and the exact parser the codec falls back to. */
export const variants: Record<string, Decode> = {
  "JSON.parse": (text) => JSON.parse(text),
  parseJson: (text, typeName) => parseJson(text, typeName),
  "exact parser": (text, typeName) => parseExact(text, pathTreeFor(typeName)),
};
