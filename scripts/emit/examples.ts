/**
 * Examples for the published spec, derived from the schema alone (deterministic and offline, so
 * that `generate:check` sees no drift): a value for every pattern-bound string and every amount,
 * and a whole request and response body per operation. The bodies agree with each other (one
 * intent id, owner, hash and clock throughout), so that a mock serving them (`prism mock`) lets a
 * client quote, commit the quoted intent back, execute it and read it.
 */
import type { Field, StructType } from "../ridl/schema.js";
import { parseTypeExpr, type SchemaModel, type TypeExpr, wireFields, wireName } from "./model.js";

/** The moment the examples happen: the example intent is quoted then (and `Date` says so). */
export const EXAMPLE_NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

/** How long the example quote stays valid: the service's 5 minutes. */
const QUOTE_LIFETIME_MS = 5 * 60 * 1000;

/** An amount that is plainly an amount on the strings wire: 1 WETH in wei, past 2^53. */
export const EXAMPLE_AMOUNT = "1000000000000000000";

/** The one address of the examples (owner, tokens and contracts alike). */
export const EXAMPLE_ADDRESS = "0x2222222222222222222222222222222222222222";

/** The one 32-byte hash of the examples (intent id, transaction hashes). */
export const EXAMPLE_HASH = `0x${"ab".repeat(32)}`;

/** Hex call data: an ERC-20 `approve` selector, for a field whose pattern is byte pairs. */
export const EXAMPLE_HEX = "0x095ea7b3";

/** A chain the dev server runs (Arbitrum's id), for every chain id. */
const EXAMPLE_CHAIN_ID = 42161;

/** The example of each alias of the schema that a pattern binds, by alias name. */
const ALIAS_EXAMPLES: Readonly<Record<string, string>> = {
  Address: EXAMPLE_ADDRESS,
  Hash: EXAMPLE_HASH,
};

/**
 * Optional members the example requests carry because a rule between fields needs one of them
 * (`CROSS_FIELD_RULES`); every other optional member is left out of the bodies.
 */
const NEEDED_OPTIONALS: Readonly<Record<string, readonly string[]>> = {
  QuoteIntentRequest: ["originTokenAmount"],
  ExecuteIntentRequest: ["depositTransactionHash"],
  SearchIntentsRequest: ["byOwnerAddress"],
};

/** The example of a pattern-bound alias, or `undefined` for an alias without one. */
export function aliasExample(name: string): string | undefined {
  return ALIAS_EXAMPLES[name];
}

/** The example of a date-time member: its expiry five minutes on, every other moment now. */
function timeExample(member: string): string {
  const at = /expires/i.test(member) ? EXAMPLE_NOW + QUOTE_LIFETIME_MS : EXAMPLE_NOW;
  return new Date(at).toISOString();
}

function coreExample(name: string, member: string): unknown {
  switch (name) {
    case "bigint":
      return EXAMPLE_AMOUNT;
    case "string":
      return /calldata|data$/i.test(member) ? EXAMPLE_HEX : member || "example";
    case "bool":
      return false;
    case "timestamp":
      return timeExample(member);
    case "float32":
    case "float64":
      return 0.005;
    case "null":
      return null;
    case "any":
      return {};
  }
  // Every integer core type holds 1 (and a chain id, which is a uint64).
  if (!/^(?:u?int(?:8|16|32|64)?|byte)$/.test(name)) throw new Error(`no example for ${name}`);
  return /chainid/i.test(member) ? EXAMPLE_CHAIN_ID : 1;
}

/** Builds example values for the model's types, member by member. */
export class Examples {
  constructor(private readonly model: SchemaModel) {}

  /** An example of the type written `type` (as a field declares it), for member `member`. */
  ofType(type: string, member = ""): unknown {
    return this.of(parseTypeExpr(type), member, new Set());
  }

  private of(expr: TypeExpr, member: string, seen: ReadonlySet<string>): unknown {
    switch (expr.kind) {
      case "core":
        return coreExample(expr.name, member);
      case "list":
        return [this.of(expr.elem, member, seen)];
      case "map":
        return {};
      case "named": {
        const t = this.model.type(expr.name);
        if (t.kind === "enum") return t.fields?.[0]?.value ?? "";
        if (t.kind === "alias") {
          const fixed = aliasExample(t.name);
          if (fixed !== undefined) return fixed;
          if (/^u?int64$/.test(t.type)) return this.uint64Example(member);
          return this.of(parseTypeExpr(t.type), member, seen);
        }
        if (seen.has(t.name)) return {};
        return this.struct(t, new Set(seen).add(t.name));
      }
    }
  }

  /** An `ExactUint64`: a deadline in Unix seconds ten minutes on, any other (an id) 1. */
  private uint64Example(member: string): number {
    return /deadline/i.test(member) ? Math.floor(EXAMPLE_NOW / 1000) + 600 : 1;
  }

  private struct(t: StructType, seen: ReadonlySet<string>): Record<string, unknown> {
    const needed = new Set(NEEDED_OPTIONALS[t.name] ?? []);
    const out: Record<string, unknown> = {};
    for (const f of wireFields(t)) {
      const name = wireName(f);
      if (f.optional && !needed.has(name)) continue;
      out[name] = this.field(f, seen);
    }
    return out;
  }

  private field(f: Field, seen: ReadonlySet<string>): unknown {
    return this.of(parseTypeExpr(f.type), wireName(f), seen);
  }
}
