/**
 * The rules of the schema diff: for every kind of change, its effect on an old client against a
 * new server, on a new client against an old server, and on TypeScript source, under this
 * project's wire rules (response enums open, request enums closed, unknown members kept and
 * ignored, bigint amounts as numbers or strings, responses validated strictly, required members
 * checked). The check and the table in `docs/schema-changes.md` both read this table.
 */
import type { ChangeKind, Effect, Role } from "./change.js";

/** The effects of one kind of change where it is met. */
export interface RuleEffects {
  oldClient: Effect;
  newClient: Effect;
  /** `true`, `false`, or `"type"`: when the field's TypeScript type changes (`number` ↔ `bigint`). */
  source: boolean | "type";
  /** Why, in one sentence. */
  why: string;
}

/** A kind's rule: one set of effects, or one per role for changes inside types. */
export interface Rule {
  title: string;
  any?: RuleEffects;
  request?: RuleEffects;
  response?: RuleEffects;
}

const e = (
  oldClient: Effect,
  newClient: Effect,
  source: boolean | "type",
  why: string,
): RuleEffects => ({ oldClient, newClient, source, why });

/** Every kind of change, with its effects. */
export const RULES: Readonly<Record<ChangeKind, Rule>> = {
  "basepath-changed": {
    title: "basepath changed",
    any: e("breaking", "breaking", false, "every operation's URL moves"),
  },
  "operation-added": {
    title: "operation added",
    any: e("none", "breaking", false, "an old server does not know it (WebrpcBadRoute)"),
  },
  "operation-removed": {
    title: "operation removed",
    any: e("breaking", "none", true, "old clients still call it"),
  },
  "operation-renamed": {
    title: "operation renamed (same request and response)",
    any: e(
      "breaking",
      "breaking",
      true,
      "its URL changes, so each side calls a path the other lacks",
    ),
  },
  "request-type-replaced": {
    title: "operation's request type replaced by another type",
    any: e("none", "none", true, "the wire effect is in the member changes listed with it"),
  },
  "response-type-replaced": {
    title: "operation's response type replaced by another type",
    any: e("none", "none", true, "the wire effect is in the member changes listed with it"),
  },
  "type-added": {
    title: "type added",
    any: e("none", "none", false, "nothing uses it yet, or its uses are listed apart"),
  },
  "type-removed": {
    title: "type removed",
    any: e("none", "none", true, "its TypeScript name is no longer exported"),
  },
  "type-renamed": {
    title: "type renamed, same wire shape",
    any: e("none", "none", true, "the wire is unchanged; code naming the old type breaks"),
  },
  "field-added-required": {
    title: "required field added",
    request: e("breaking", "none", true, "old clients do not send it"),
    response: e("none", "breaking", false, "old servers do not send it; new clients require it"),
  },
  "field-added-optional": {
    title: "optional field added",
    request: e("none", "note", false, "old servers ignore it, so it has no effect there"),
    response: e("none", "none", false, "old clients keep it as an unknown member"),
  },
  "field-removed-required": {
    title: "required field removed",
    request: e("note", "breaking", true, "new servers ignore it; old servers require it"),
    response: e("breaking", "none", true, "old clients require it in responses"),
  },
  "field-removed-optional": {
    title: "optional field removed",
    request: e("note", "none", true, "new servers ignore it when old clients send it"),
    response: e("none", "none", true, "old clients accept its absence"),
  },
  "field-made-optional": {
    title: "field made optional",
    request: e("none", "breaking", false, "new clients may omit it; old servers require it"),
    response: e("breaking", "none", true, "new servers may omit it; old clients require it"),
  },
  "field-made-required": {
    title: "field made required",
    request: e("breaking", "none", true, "old clients may omit it"),
    response: e("none", "breaking", false, "old servers may omit it; new clients require it"),
  },
  "field-type-widened": {
    title: "field type widened (every old value still valid)",
    request: e("none", "breaking", "type", "new clients may send values old servers refuse"),
    response: e("breaking", "none", "type", "new servers may send values old clients refuse"),
  },
  "field-type-narrowed": {
    title: "field type narrowed (some old values refused)",
    request: e("breaking", "none", "type", "old clients may send values new servers refuse"),
    response: e("none", "breaking", "type", "old servers may send values new clients refuse"),
  },
  "field-type-changed": {
    title: "field type changed incompatibly",
    any: e("breaking", "breaking", "type", "neither side's values are valid for the other"),
  },
  "field-type-same-wire": {
    title: "field type changed, same wire values",
    any: e("none", "none", "type", "the same JSON is valid; the TypeScript type differs"),
  },
  "request-bound-tightened": {
    title: "request bound tightened (`+ request.*`: some old values refused)",
    request: e("breaking", "none", false, "old clients may send values new servers refuse"),
    response: e("none", "none", false, "request bounds do not apply to what servers send"),
  },
  "request-bound-loosened": {
    title: "request bound loosened (`+ request.*`: every old value still valid)",
    request: e("none", "breaking", false, "new clients may send values old servers refuse"),
    response: e("none", "none", false, "request bounds do not apply to what servers send"),
  },
  "request-bound-changed": {
    title: "request pattern changed (`+ request.pattern`)",
    request: e("breaking", "breaking", false, "each side may send values the other refuses"),
    response: e("none", "none", false, "request bounds do not apply to what servers send"),
  },
  "enum-value-added": {
    title: "enum value added",
    request: e("none", "breaking", false, "request enums are closed: old servers refuse it"),
    response: e(
      "note",
      "none",
      false,
      "response enums are open: old clients of this SDK accept it; a strict client in another language may not",
    ),
  },
  "enum-value-removed": {
    title: "enum value removed",
    request: e("breaking", "none", true, "request enums are closed: new servers refuse it"),
    response: e(
      "none",
      "note",
      false,
      "old servers may still send it: an unknown value to new clients",
    ),
  },
  "enum-value-changed": {
    title: "enum value's wire value changed",
    any: e("breaking", "breaking", false, "each side sends a value the other does not know"),
  },
  "error-added": {
    title: "error added",
    any: e(
      "note",
      "none",
      false,
      "old clients see an unknown code: a ServiceError with the code kept",
    ),
  },
  "error-removed": {
    title: "error removed",
    any: e("note", "note", true, "its class is no longer exported; code handling it never runs"),
  },
  "error-renumbered": {
    title: "error code renumbered",
    any: e(
      "breaking",
      "breaking",
      false,
      "clients map codes to classes; each side reads another error",
    ),
  },
  "error-renamed": {
    title: "error renamed, same code",
    any: e("none", "none", true, "clients map codes, not names; its class name changes"),
  },
  "error-status-changed": {
    title: "error HTTP status changed",
    any: e("note", "note", false, "retry decisions read 5xx statuses"),
  },
  "error-message-changed": {
    title: "error default message changed",
    any: e("none", "none", false, "messages are for people"),
  },
  "retry-made-unsafe": {
    title: "@retry:safe → @retry:unsafe",
    any: e(
      "breaking",
      "none",
      false,
      "old clients re-send it blindly after a network failure or 5xx",
    ),
  },
  "retry-made-safe": {
    title: "@retry:unsafe → @retry:safe",
    any: e(
      "none",
      "breaking",
      false,
      "new clients re-send it blindly to old servers, where a repeat acts twice",
    ),
  },
  "longpoll-added": {
    title: "@longpoll added",
    any: e("breaking", "none", false, "old clients give up before the server answers"),
  },
  "longpoll-removed": {
    title: "@longpoll removed",
    any: e("none", "breaking", false, "new clients give up before old servers answer"),
  },
  "public-added": {
    title: "@public added",
    any: e("none", "note", false, "old servers still require an access key"),
  },
  "public-removed": {
    title: "@public removed",
    any: e("breaking", "none", false, "old clients may call it without an access key"),
  },
  "annotation-changed": {
    title: "other annotation added, removed or changed",
    any: e("note", "note", false, "its effect on clients is not known to the check"),
  },
};

/** The effects of `kind` where it is met in `role` (or anywhere). */
export function effectsOf(kind: ChangeKind, role: Role | undefined): RuleEffects {
  const rule = RULES[kind];
  const found = (role && rule[role]) ?? rule.any ?? rule.request ?? rule.response;
  if (!found) throw new Error(`no rule for ${kind}`);
  return found;
}
