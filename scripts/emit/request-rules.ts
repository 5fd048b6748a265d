/**
 * What a request must hold beyond its types: the bounds the service enforces on every request
 * field, written once here and emitted into both the published JSON Schemas (what any tool reads)
 * and the validators the dev server checks requests with (`request-checks.js`), so that the two
 * cannot drift (a differential test holds them to the same verdict).
 *
 * Per type, in the closed form of a struct (what a request carries, `directions.ts`):
 *
 * - `bigint`: an integer from 0 to 2^256 - 1, as a JSON integer or a decimal string (leading
 *   zeros allowed, as the codec reads them; `-0` is 0);
 * - an integer core type: its range, and never past 2^53 - 1 (a double would round it; only
 *   `ExactUint64` and `bigint` fields hold more);
 * - an alias whose pattern also matches the empty string (`Address`, `Hash`): never empty;
 * - `string`: at most `MAX_REQUEST_STRING` characters.
 *
 * Per field, `+ request.*` meta in the RIDL narrows these (`request.minimum`, `request.maximum`,
 * `request.maxLength`, `request.pattern`, `request.maxItems`). Rules between fields, which RIDL
 * has no syntax for, are in `CROSS_FIELD_RULES` below, and the RIDL's comments say them.
 */
import type { Field } from "../ridl/schema.js";
import type { JsonSchema } from "./json-schema-fragment.js";

/** The largest amount a request may carry: 2^256 - 1 (a uint256). */
export const MAX_UINT256 = 2n ** 256n - 1n;

/** The largest `uint64`: what an `ExactUint64` may hold. */
export const MAX_UINT64 = 2n ** 64n - 1n;

/** Longest string member of a request, in characters, unless its field says otherwise. */
export const MAX_REQUEST_STRING = 4096;

/** Largest integer a request's integer field (not bigint, not `ExactUint64`) may hold: 2^53 - 1. */
export const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** A field's `+ request.<key>` meta value, if any. */
export function requestMeta(field: Field, key: string): string | undefined {
  for (const meta of field.meta ?? []) {
    const v = meta[`request.${key}`];
    if (v !== undefined) return v;
  }
  return undefined;
}

/**
 * An exact regular expression (ECMA-262 and Python `re` alike, no look-around) for the decimal
 * strings whose value lies in `[min, max]`, `min` being 0 or 1: leading zeros allowed, and `-0`
 * (any number of zeros) when 0 is in range. A value past `max` is refused by its digits, so no
 * length bound is needed beyond the codec's.
 */
export function decimalRangePattern(min: bigint, max: bigint): string {
  if (min !== 0n && min !== 1n) throw new Error(`unsupported minimum ${min}`);
  const d = max.toString();
  const alts: string[] = [];
  if (d.length > 1) alts.push(d.length === 2 ? "[1-9]" : `[1-9][0-9]{0,${d.length - 2}}`);
  for (let i = 0; i < d.length; i++) {
    const low = i === 0 ? 1 : 0;
    const high = Number(d[i]) - 1;
    if (high < low) continue;
    const digit = low === high ? String(low) : `[${low}-${high}]`;
    const rest = d.length - 1 - i;
    alts.push(
      `${d.slice(0, i)}${digit}${rest === 0 ? "" : rest === 1 ? "[0-9]" : `[0-9]{${rest}}`}`,
    );
  }
  alts.push(d);
  const positive = `0*(?:${alts.join("|")})`;
  return min === 0n ? `^(?:-?0+|${positive})$` : `^${positive}$`;
}

/** A branch that holds only when `name` is present and not `null`. */
const present = (name: string): JsonSchema => ({
  required: [name],
  properties: { [name]: { not: { type: "null" } } },
});

/** A branch that holds only when `name` is absent or `null` (what the server reads as absent). */
const absent = (name: string): JsonSchema => ({ properties: { [name]: { type: "null" } } });

/** `if`/`then` as JSON Schema writes it. */
const conditional = (description: string, when: JsonSchema, then: JsonSchema): JsonSchema =>
  Object.fromEntries([
    ["description", description],
    ["if", when],
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, in a schema document.
    ["then", then],
  ]);

/** The trade type is `value`. */
const tradeTypeIs = (value: string): JsonSchema => ({
  required: ["tradeType"],
  properties: { tradeType: { const: value } },
});

/**
 * Rules between the fields of a request struct (its closed form), as JSON Schema: `allOf`
 * members. `null` counts as absent, as the server reads it.
 */
export const CROSS_FIELD_RULES: Readonly<Record<string, readonly JsonSchema[]>> = {
  QuoteIntentRequest: [
    conditional(
      "EXACT_INPUT fixes originTokenAmount (required) and leaves destinationTokenAmount absent.",
      tradeTypeIs("EXACT_INPUT"),
      { allOf: [present("originTokenAmount"), absent("destinationTokenAmount")] },
    ),
    conditional(
      "EXACT_OUTPUT fixes destinationTokenAmount (required) and leaves originTokenAmount absent.",
      tradeTypeIs("EXACT_OUTPUT"),
      { allOf: [present("destinationTokenAmount"), absent("originTokenAmount")] },
    ),
    conditional(
      "Without tradeType, exactly one amount is given: destinationTokenAmount means " +
        "EXACT_OUTPUT, otherwise originTokenAmount (EXACT_INPUT).",
      absent("tradeType"),
      {
        anyOf: [
          { allOf: [present("originTokenAmount"), absent("destinationTokenAmount")] },
          { allOf: [present("destinationTokenAmount"), absent("originTokenAmount")] },
        ],
      },
    ),
    conditional(
      "destinationApproveAddress needs destinationCallData.",
      present("destinationApproveAddress"),
      present("destinationCallData"),
    ),
    conditional(
      "destinationCallValue needs destinationCallData.",
      present("destinationCallValue"),
      present("destinationCallData"),
    ),
  ],
  ExecuteIntentRequest: [
    {
      description: "The deposit is named by depositTransactionHash or depositSignature.",
      anyOf: [present("depositTransactionHash"), present("depositSignature")],
    },
  ],
  SearchIntentsRequest: [
    {
      description: "At least one filter is given.",
      anyOf: [
        "byIntentId",
        "byProjectId",
        "byTransactionHash",
        "byDepositTransactionHash",
        "byOwnerAddress",
        "byOriginIntentAddress",
        "byDestinationIntentAddress",
        "byQueryString",
      ].map(present),
    },
  ],
};
