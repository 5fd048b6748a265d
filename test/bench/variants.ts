/** The decoders the bench compares, by name (the first is the baseline). */
import { JsonDecode } from "@0xtrails/api";
import { bigintPaths } from "../../generated/operations.js";
import * as validators from "../../generated/validators.js";
import { internalsOf } from "../../src/client/base-client.js";
import { decodeResponse } from "../../src/client/decode.js";
import { parseExact } from "../../src/codec/exact-parse.js";
import { parseJson, pathTreeFor } from "../../src/codec/index.js";
import { createClient } from "../../src/index.js";

/** A decoder under test. */
export type Decode = (text: string, typeName: string) => unknown;

const validatorOf = (typeName: string): validators.Validator => {
  const v = (validators as Record<string, unknown>)[`validate${typeName}`];
  if (typeof v !== "function") throw new Error(`no validator for ${typeName}`);
  return v as validators.Validator;
};

/** Internals of a client with default settings (nothing is sent: only its options are read). */
const strict = internalsOf(createClient({ baseUrl: "http://127.0.0.1:9", accessKey: "bench-key" }));

/**
 * What the client does with a 2xx body in its default `"strict"` mode (`decodeResponse`: the
 * one-traversal decode, and the reference path for whatever it leaves undecided).
 */
const clientPath = (text: string, typeName: string): unknown =>
  decodeResponse(
    strict,
    {
      name: typeName,
      responseType: typeName,
      responseBigints: bigintPaths[typeName] ?? [],
      validateResponse: validatorOf(typeName),
    },
    200,
    text,
  );

/**
 * `JSON.parse` (the baseline), two references (`JSON.parse` followed by the same response
 * validator: what a client that rounds amounts pays for validation; the official `@0xtrails/api`
 * client's `JsonDecode`: `JSON.parse`, then decimal strings of its bigint fields to `bigint`, numbers
 * left rounded), the codec alone (`parseJson`: the reference path, which `validate: "off"` uses),
 * the reference path followed by the response validator (what the client did before the
 * one-traversal decode), the client's path in `"strict"` mode, and the exact parser the codec
 * falls back to.
 */
export const variants: Record<string, Decode> = {
  "JSON.parse": (text) => JSON.parse(text),
  "JSON.parse + validation (lossy)": (text, typeName) => {
    const value: unknown = JSON.parse(text);
    if (!validatorOf(typeName)(value)) throw new Error(`bench document is not a ${typeName}`);
    return value;
  },
  "@0xtrails/api JsonDecode (lossy)": (text, typeName) => JsonDecode(text, typeName),
  parseJson: (text, typeName) => parseJson(text, typeName),
  "parseJson + validation": (text, typeName) => {
    const value = parseJson(text, typeName);
    if (!validatorOf(typeName)(value)) throw new Error(`bench document is not a ${typeName}`);
    return value;
  },
  "client: decode + validation": clientPath,
  "exact parser": (text, typeName) => parseExact(text, pathTreeFor(typeName)),
};
