/**
 * What the schema diff reports: one {@link Change} per difference between two parsed schemas,
 * with its effect in each direction of a mixed deployment and on TypeScript source.
 */

/** Where a type is met: in what clients send, or in what servers answer. */
export type Role = "request" | "response";

/** The effect of a change in one direction. */
export type Effect = "breaking" | "note" | "none";

/** The kinds of change the diff knows; their rules are in `rules.ts`. */
export type ChangeKind =
  | "basepath-changed"
  | "operation-added"
  | "operation-removed"
  | "operation-renamed"
  | "request-type-replaced"
  | "response-type-replaced"
  | "type-added"
  | "type-removed"
  | "type-renamed"
  | "field-added-required"
  | "field-added-optional"
  | "field-removed-required"
  | "field-removed-optional"
  | "field-made-optional"
  | "field-made-required"
  | "field-type-widened"
  | "field-type-narrowed"
  | "field-type-changed"
  | "field-type-same-wire"
  | "request-bound-tightened"
  | "request-bound-loosened"
  | "request-bound-changed"
  | "enum-value-added"
  | "enum-value-removed"
  | "enum-value-changed"
  | "error-added"
  | "error-removed"
  | "error-renumbered"
  | "error-renamed"
  | "error-status-changed"
  | "error-message-changed"
  | "retry-made-unsafe"
  | "retry-made-safe"
  | "longpoll-added"
  | "longpoll-removed"
  | "public-added"
  | "public-removed"
  | "annotation-changed";

/** One difference between the base schema and the new one. */
export interface Change {
  kind: ChangeKind;
  /**
   * Where it is, written against the schema's own names: `Intent.salt`, `IntentStatus.SETTLING`,
   * `Service.QuoteIntent`, `error QuoteExpired`.
   */
  subject: string;
  /** The first path it is met at from an operation (`QuoteIntentResponse.intent.salt`), if any. */
  path?: string;
  /** Every such path, in operation order. */
  paths: string[];
  /** Where it is met: in requests, responses, both, or (empty) nowhere on the wire. */
  roles: Role[];
  /** What changed, briefly: `uint64 → bigint`, `1003 → 1010`. */
  detail: string;
  /** An old client (built from the base schema) against a new server. */
  oldClient: Effect;
  /** A new client against an old server. */
  newClient: Effect;
  /** TypeScript code that compiles against the base schema's types may not compile any more. */
  source: boolean;
  /** Why, from the rules of the roles it is met in. */
  why: string;
}

/** The one-word class of a change, worst first: what a release of it needs. */
export type Classification = "breaking" | "breaking-new-client" | "source" | "note" | "compatible";

/** Classifies a change: breaking old clients first, then new clients, then source, then notes. */
export function classify(c: Change): Classification {
  if (c.oldClient === "breaking") return "breaking";
  if (c.newClient === "breaking") return "breaking-new-client";
  if (c.source) return "source";
  if (c.oldClient === "note" || c.newClient === "note") return "note";
  return "compatible";
}
