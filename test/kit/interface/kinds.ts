/**
 * Vocabulary of the transcribed interface tables (`fields.ts`, `design-fields.ts`).
 */

/**
 * What a field is on the wire.
 * - `bigint`: an amount-like whole number (token base units, wei, gas, salts, nonces), see `docs/codec.md`;
 * - `integer`: any other whole number (chain ids, ids, decimals, unix times);
 * - `number`: USD values, fractions, price impacts, durations;
 * - `timestamp`: a date-time string.
 */
export type Kind =
  | "bigint"
  | "integer"
  | "number"
  | "string"
  | "boolean"
  | "timestamp"
  | "array"
  | "object"
  | "enum";

/** One field of a struct. */
export interface FieldSpec {
  readonly kind: Kind;
  readonly required: boolean;
  /** Struct (for `object`) or enum (for `enum`) the field refers to; for `array`, its element's. */
  readonly ref?: string;
  /** Element kind, for `array`. */
  readonly items?: Kind;
}

/** Fields of one struct, keyed by wire name. */
export type StructSpec = Readonly<Record<string, FieldSpec>>;

/** Values of an enum as a source lists them; `complete: false` when the source says the list is open. */
export interface EnumSpec {
  readonly values: readonly string[];
  readonly complete: boolean;
}
