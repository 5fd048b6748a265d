/** The decoders the bench compares, by name (the first is the baseline). */
import * as validators from "../../generated/validators.js";
import { parseExact } from "../../src/codec/exact-parse.js";
import { parseJson, pathTreeFor } from "../../src/codec/index.js";

/** A decoder under test. */
export type Decode = (text: string, typeName: string) => unknown;

const validatorOf = (typeName: string): validators.Validator => {
  const v = (validators as Record<string, unknown>)[`validate${typeName}`];
  if (typeof v !== "function") throw new Error(`no validator for ${typeName}`);
  return v as validators.Validator;
};

/**
 * `JSON.parse` (the baseline), the codec alone, the codec followed by the response validator (what
 * the client does in its default `"strict"` mode), and the exact parser the codec falls back to.
 */
export const variants: Record<string, Decode> = {
  "JSON.parse": (text) => JSON.parse(text),
  parseJson: (text, typeName) => parseJson(text, typeName),
  "parseJson + validation": (text, typeName) => {
    const value = parseJson(text, typeName);
    if (!validatorOf(typeName)(value)) throw new Error(`bench document is not a ${typeName}`);
    return value;
  },
  "exact parser": (text, typeName) => parseExact(text, pathTreeFor(typeName)),
};
