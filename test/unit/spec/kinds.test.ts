/**
 * One schema pair per kind of change: the base fixture and an edit of it. Each must yield
 * exactly the expected changes, with their path and their effect in both directions.
 */
import { describe, expect, it } from "vitest";
import type { Change } from "../../../scripts/spec/change.js";
import { diffSchemas } from "../../../scripts/spec/diff.js";
import { RULES } from "../../../scripts/spec/rules.js";
import { baseText, edit, parse } from "../../kit/spec/helpers.js";

type Expect = Pick<Change, "kind" | "oldClient" | "newClient" | "source"> & {
  path?: string;
  subject?: string;
};

interface Case {
  name: string;
  edits: [string, string][];
  expect: Expect[];
  /** Compare the edited schema (as the base) with the fixture (as the new one). */
  swap?: boolean;
  /** Edits made to the fixture before it is the base (the edits then apply to that base). */
  before?: [string, string][];
}

const B = "breaking" as const;
const N = "note" as const;
const O = "none" as const;
const x = (
  kind: Change["kind"],
  where: { path?: string; subject?: string },
  oldClient: Change["oldClient"],
  newClient: Change["newClient"],
  source: boolean,
): Expect => ({ kind, ...where, oldClient, newClient, source });

const BUY = "  @retry:unsafe\n  - Buy(BuyRequest) => (BuyResponse)\n";

const CASES: Case[] = [
  {
    name: "operation removed",
    edits: [[BUY, ""]],
    expect: [x("operation-removed", { subject: "Shop.Buy" }, B, O, true)],
  },
  {
    name: "operation renamed",
    edits: [["- Buy(", "- Purchase("]],
    expect: [x("operation-renamed", { subject: "Shop.Buy" }, B, B, true)],
  },
  {
    name: "operation added",
    edits: [[BUY, `${BUY}  @retry:safe\n  - Cancel(orderId: string) => ()\n`]],
    expect: [x("operation-added", { subject: "Shop.Cancel" }, O, B, false)],
  },
  {
    name: "request type replaced",
    edits: [
      ["- Buy(BuyRequest)", "- Buy(BuyOrder)"],
      [
        "struct BuyResponse",
        "struct BuyOrder\n  - order: Order\n  - payer: string\n  - coupon: string\n\nstruct BuyResponse",
      ],
    ],
    expect: [
      x("field-added-required", { path: "BuyOrder.coupon" }, B, O, true),
      x("type-added", { subject: "BuyOrder" }, O, O, false),
      x("request-type-replaced", { subject: "Shop.Buy" }, O, O, true),
    ],
  },
  {
    name: "response type replaced",
    edits: [
      ["=> (QuoteResponse)", "=> (Priced)"],
      ["struct BuyResponse", "struct Priced\n  - order: Order\n\nstruct BuyResponse"],
    ],
    expect: [
      x("field-removed-required", { path: "Priced.fee" }, B, O, true),
      x("type-added", { subject: "Priced" }, O, O, false),
      x("response-type-replaced", { subject: "Shop.Quote" }, O, O, true),
    ],
  },
  {
    name: "type renamed with the same wire shape (source only)",
    edits: [
      ["- items: []Item", "- items: []LineItem"],
      ["struct Item\n", "struct LineItem\n"],
    ],
    expect: [x("type-renamed", { subject: "LineItem" }, O, O, true)],
  },
  {
    name: "required request field added",
    edits: [["  - chainId: uint32\n", "  - chainId: uint32\n  - region: string\n"]],
    expect: [x("field-added-required", { path: "QuoteRequest.region" }, B, O, true)],
  },
  {
    name: "required response field added",
    edits: [["  - fee: uint64\n", "  - fee: uint64\n  - expiresAt: timestamp\n"]],
    expect: [x("field-added-required", { path: "QuoteResponse.expiresAt" }, O, B, false)],
  },
  {
    name: "optional request field added",
    edits: [["  - chainId: uint32\n", "  - chainId: uint32\n  - coupon?: string\n"]],
    expect: [x("field-added-optional", { path: "QuoteRequest.coupon" }, O, N, false)],
  },
  {
    name: "request field removed",
    edits: [["  - payer: string\n", ""]],
    expect: [x("field-removed-required", { path: "BuyRequest.payer" }, N, B, true)],
  },
  {
    name: "optional request field removed",
    edits: [["  - note?: string\n", ""]],
    expect: [x("field-removed-optional", { path: "QuoteRequest.note" }, N, O, true)],
  },
  {
    name: "response field removed",
    edits: [["  - fee: uint64\n", ""]],
    expect: [x("field-removed-required", { path: "QuoteResponse.fee" }, B, O, true)],
  },
  {
    name: "response field made optional (echoed in a request: compared as a response)",
    edits: [["  - payTo: string", "  - payTo?: string"]],
    expect: [x("field-made-optional", { path: "QuoteResponse.order.payTo" }, B, O, true)],
  },
  {
    name: "request field made required",
    edits: [["  - speed?: Speed", "  - speed: Speed"]],
    expect: [x("field-made-required", { path: "QuoteRequest.speed" }, B, O, true)],
  },
  {
    name: "response field uint64 → bigint",
    edits: [["  - fee: uint64", "  - fee: bigint"]],
    expect: [x("field-type-widened", { path: "QuoteResponse.fee" }, B, O, true)],
  },
  {
    name: "request field bigint → uint64",
    edits: [["  - amount: bigint\n  - speed", "  - amount: uint64\n  - speed"]],
    expect: [x("field-type-narrowed", { path: "QuoteRequest.amount" }, B, O, true)],
  },
  {
    name: "request field string → Address",
    edits: [["  - owner: string", "  - owner: Address"]],
    expect: [x("field-type-narrowed", { path: "QuoteRequest.owner" }, B, O, false)],
  },
  {
    name: "response field string → Address",
    edits: [["  - payTo: string", "  - payTo: Address"]],
    expect: [x("field-type-narrowed", { path: "QuoteResponse.order.payTo" }, O, B, false)],
  },
  {
    name: "response field float64 → string",
    edits: [["  - price: float64", "  - price: string"]],
    expect: [x("field-type-changed", { path: "QuoteResponse.order.items[].price" }, B, B, true)],
  },
  {
    name: "response integer widened (uint16 → uint32)",
    edits: [["  - count: uint16", "  - count: uint32"]],
    expect: [x("field-type-widened", { path: "QuoteResponse.order.count" }, B, O, false)],
  },
  {
    name: "request integer widened (uint32 → uint64)",
    edits: [["  - chainId: uint32", "  - chainId: uint64"]],
    expect: [x("field-type-widened", { path: "QuoteRequest.chainId" }, O, B, false)],
  },
  {
    name: "same wire values, another TypeScript type (uint64 → alias of uint64)",
    edits: [
      ["  - fee: uint64", "  - fee: Exact"],
      ["type Address", "type Exact: uint64\n\ntype Address"],
    ],
    expect: [
      x("field-type-same-wire", { path: "QuoteResponse.fee" }, O, O, true),
      x("type-added", { subject: "Exact" }, O, O, false),
    ],
  },
  {
    name: "request enum value removed",
    edits: [["  - SLOW\n  - FAST\n", "  - SLOW\n"]],
    expect: [
      x("enum-value-removed", { subject: "Speed.FAST", path: "QuoteRequest.speed" }, B, O, true),
    ],
  },
  {
    name: "request enum value added",
    edits: [["  - SLOW\n  - FAST\n", "  - SLOW\n  - FAST\n  - INSTANT\n"]],
    expect: [
      x("enum-value-added", { subject: "Speed.INSTANT", path: "QuoteRequest.speed" }, O, B, false),
    ],
  },
  {
    name: "response enum value added (open: a note)",
    edits: [["  - SHIPPED\n", "  - SHIPPED\n  - REFUNDED\n"]],
    expect: [
      x(
        "enum-value-added",
        { subject: "Status.REFUNDED", path: "QuoteResponse.order.status" },
        N,
        O,
        false,
      ),
    ],
  },
  {
    name: "response enum value removed",
    edits: [["  - PAID\n  - SHIPPED\n", "  - PAID\n"]],
    expect: [x("enum-value-removed", { subject: "Status.SHIPPED" }, O, N, false)],
  },
  {
    name: "enum value's wire value changed",
    edits: [["  - SLOW\n  - FAST\n", "  - SLOW\n  - FAST = fast\n"]],
    expect: [x("enum-value-changed", { subject: "Speed.FAST" }, B, B, false)],
  },
  {
    name: "error renumbered",
    edits: [["error 7001 QuoteExpired", "error 7002 QuoteExpired"]],
    expect: [x("error-renumbered", { subject: "error QuoteExpired" }, B, B, false)],
  },
  {
    name: "error removed",
    edits: [['error 1007 RateLimited "Rate-limited" HTTP 429\n', ""]],
    expect: [x("error-removed", { subject: "error RateLimited" }, N, N, true)],
  },
  {
    name: "error renamed, same code",
    edits: [["error 7001 QuoteExpired", "error 7001 QuoteTimedOut"]],
    expect: [x("error-renamed", { subject: "error QuoteTimedOut" }, O, O, true)],
  },
  {
    name: "error added",
    edits: [["error 7001", 'error 7002 HighPriceImpact "Too much impact" HTTP 422\nerror 7001']],
    expect: [x("error-added", { subject: "error HighPriceImpact" }, N, O, false)],
  },
  {
    name: "error HTTP status changed",
    edits: [['"Quote has expired" HTTP 400', '"Quote has expired" HTTP 503']],
    expect: [x("error-status-changed", { subject: "error QuoteExpired" }, N, N, false)],
  },
  {
    name: "@retry:safe → @retry:unsafe",
    edits: [["  @retry:safe\n  - Quote(", "  @retry:unsafe\n  - Quote("]],
    expect: [x("retry-made-unsafe", { subject: "Shop.Quote" }, B, O, false)],
  },
  {
    name: "@retry:unsafe → @retry:safe",
    edits: [["  @retry:unsafe\n  - Buy(", "  @retry:safe\n  - Buy("]],
    expect: [x("retry-made-safe", { subject: "Shop.Buy" }, O, B, false)],
  },
  {
    name: "@longpoll added",
    edits: [["  @retry:safe\n  - Wait(", "  @retry:safe @longpoll\n  - Wait("]],
    expect: [x("longpoll-added", { subject: "Shop.Wait" }, B, O, false)],
  },
  {
    name: "@longpoll removed",
    edits: [["  @retry:safe\n  - Wait(", "  @retry:safe @longpoll\n  - Wait("]],
    expect: [x("longpoll-removed", { subject: "Shop.Wait" }, O, B, false)],
    swap: true,
  },
  {
    name: "@public added",
    edits: [["  @retry:safe\n  - Quote(", "  @retry:safe @public\n  - Quote("]],
    expect: [x("public-added", { subject: "Shop.Quote" }, O, N, false)],
  },
  {
    name: "error message changed",
    edits: [['"Quote has expired"', '"Quote is too old"']],
    expect: [x("error-message-changed", { subject: "error QuoteExpired" }, O, O, false)],
  },
  {
    name: "@public removed",
    edits: [["  @retry:safe @public\n", "  @retry:safe\n"]],
    expect: [x("public-removed", { subject: "Shop.Ping" }, B, O, false)],
  },
  {
    name: "another annotation added",
    edits: [["  @retry:safe\n  - Quote(", '  @retry:safe @deprecated:"use Quote2"\n  - Quote(']],
    expect: [x("annotation-changed", { subject: "Shop.Quote" }, N, N, false)],
  },
  {
    name: "basepath changed",
    edits: [["basepath = /rpc/", "basepath = /v2/"]],
    expect: [x("basepath-changed", { subject: "basepath" }, B, B, false)],
  },
  {
    name: "unused type removed (source only)",
    edits: [['type Address: string\n  + pattern = "^0x[0-9a-fA-F]{40}$"\n', ""]],
    expect: [x("type-removed", { subject: "Address" }, O, O, true)],
  },
  {
    name: "request bound tightened",
    edits: [["  - note?: string\n", "  - note?: string\n    + request.maxLength = 100\n"]],
    expect: [x("request-bound-tightened", { path: "QuoteRequest.note" }, B, O, false)],
  },
  {
    name: "request bound loosened",
    edits: [["  - owner: string\n", "  - owner: string\n    + request.maxLength = 10000\n"]],
    expect: [x("request-bound-loosened", { path: "QuoteRequest.owner" }, O, B, false)],
  },
  {
    name: "request pattern changed",
    before: [["  - note?: string\n", '  - note?: string\n    + request.pattern = "^[a-z]*$"\n']],
    edits: [["  - note?: string\n", '  - note?: string\n    + request.pattern = "^[a-z0-9]*$"\n']],
    expect: [x("request-bound-changed", { path: "QuoteRequest.note" }, B, B, false)],
  },
  {
    name: "request bound of a member only servers send",
    edits: [["  - fee: uint64\n", "  - fee: uint64\n    + request.maximum = 10\n"]],
    expect: [x("request-bound-tightened", { path: "QuoteResponse.fee" }, O, O, false)],
  },
  {
    name: "argument added to a method written with arguments",
    edits: [["- Wait(orderId: string,", "- Wait(orderId: string, since: timestamp,"]],
    expect: [x("field-added-required", { path: "WaitRequest.since" }, B, O, true)],
  },
];

describe("spec:diff finds each kind of change", () => {
  for (const c of CASES) {
    it(c.name, () => {
      const baseText0 = edit(baseText(), c.before ?? []);
      const base = parse(baseText0);
      const edited = parse(edit(baseText0, c.edits));
      const changes = c.swap ? diffSchemas(edited, base) : diffSchemas(base, edited);
      const seen = changes.map((ch) => {
        const got: Expect = {
          kind: ch.kind,
          oldClient: ch.oldClient,
          newClient: ch.newClient,
          source: ch.source,
        };
        const want = c.expect.find((e) => e.kind === ch.kind);
        if (want?.path !== undefined) got.path = ch.path ?? "";
        if (want?.subject !== undefined) got.subject = ch.subject;
        return got;
      });
      expect(seen).toEqual(c.expect);
    });
  }

  it("has a case for every kind of the rules table", () => {
    const tested = new Set(CASES.flatMap((c) => c.expect.map((e) => e.kind)));
    expect(Object.keys(RULES).filter((k) => !tested.has(k as Change["kind"]))).toEqual([]);
  });
});
