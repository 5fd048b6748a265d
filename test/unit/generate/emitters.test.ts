import { describe, expect, it } from "vitest";
import type { Validator } from "../../../generated/validators.js";
import { buildErrorCodes, buildErrors, buildErrorTable } from "../../../scripts/emit/errors.js";
import { exactNumber } from "../../../scripts/emit/json-schema.js";
import { parseTypeExpr, SchemaModel } from "../../../scripts/emit/model.js";
import { buildOpenApi } from "../../../scripts/emit/openapi.js";
import { buildOperations, safeToRepeat } from "../../../scripts/emit/operations.js";
import type { Schema } from "../../../scripts/ridl/schema.js";
import { loadMiniValidators, mini } from "../../kit/generate/mini.js";

const intent = (over: Record<string, unknown> = {}) => ({
  status: "QUOTED",
  salt: "123456789012345678901234567890",
  calls: [{ to: "0xabc", value: 1 }],
  ...over,
});

describe("type expressions", () => {
  it("parses nested lists and maps", () => {
    expect(parseTypeExpr("[]map<string,map<uint64,[]Foo>>")).toEqual({
      kind: "list",
      elem: {
        kind: "map",
        key: { kind: "core", name: "string" },
        value: {
          kind: "map",
          key: { kind: "core", name: "uint64" },
          value: { kind: "list", elem: { kind: "named", name: "Foo" } },
        },
      },
    });
  });
});

describe("bigint paths", () => {
  const model = new SchemaModel(mini);
  it("follows structs, lists, maps and aliases", () => {
    expect(model.bigintPaths("Deep")).toEqual(["grid[][]", "byChain{}[].value", "fee"]);
    expect(model.bigintPaths("GetIntentResponse")).toEqual([
      "intent.salt",
      "intent.calls[].value",
      "intent.m{}",
    ]);
    expect(model.bigintPaths("PingRequest")).toEqual([]);
  });
  it("refuses a struct that contains itself", () => {
    const loop: Schema = {
      ...mini,
      types: [{ kind: "struct", name: "Node", fields: [{ name: "next", type: "Node" }] }],
    };
    expect(() => new SchemaModel(loop).bigintPaths("Node")).toThrow(/recursive struct Node/);
  });
});

describe("operation table", () => {
  it("marks only @retry:safe methods safe to repeat", () => {
    const [getIntent, ping] = mini.services[0]?.methods ?? [];
    if (!getIntent || !ping) throw new Error("fixture lost its methods");
    expect(safeToRepeat(getIntent)).toBe(true);
    expect(safeToRepeat(ping)).toBe(false);
    expect(() =>
      safeToRepeat({
        ...ping,
        annotations: { retry: { annotationType: "retry", value: "maybe" } },
      }),
    ).toThrow(/@retry must be/);
  });
  it("emits paths, types and bigint paths", () => {
    const src = buildOperations(mini, "abc", "// h\n");
    expect(src).toContain('path: "/rpc/Service/GetIntent"');
    expect(src).toContain("responseBigints: pathsGetIntentResponse,");
    expect(src).toContain('const pathsCall: readonly string[] = ["value"];');
    // Pure-marked calls, in the model's order, so that a bundler drops the lists nobody reads.
    expect(src).toContain(
      'const pathsIntent: readonly string[] = /* @__PURE__ */ joinPaths(["salt"], /* @__PURE__ */ under("calls[]", pathsCall), ["m{}"]);',
    );
    expect(src).toContain(
      'const pathsDeep: readonly string[] = /* @__PURE__ */ joinPaths(["grid[][]"], /* @__PURE__ */ under("byChain{}[]", pathsCall), ["fee"]);',
    );
    // The operations' bodies' lists are exported, for each operation's spec.
    expect(src).toContain("export const pathsGetIntentResponse: readonly string[]");
    expect(src.indexOf("const pathsCall")).toBeLessThan(src.indexOf("const pathsIntent"));
    expect(src).toContain('export const SCHEMA_HASH = "abc";');
  });
});

describe("errors", () => {
  it("emits the ten webrpc built-ins before the schema's errors", () => {
    const src = buildErrors(mini, "");
    expect(src.indexOf("const WebrpcEndpointError")).toBeLessThan(
      src.indexOf("const RateLimitedError"),
    );
    expect(src.match(/^export const \w+Error: SchemaErrorClass</gm)).toHaveLength(11);
    expect(src).not.toMatch(/export const is\w+Error/);
  });
  it("emits the union of wire names with each one's error type, and the tables apart", () => {
    const src = buildErrors(mini, "");
    expect(src).toMatch(/export type SchemaErrorName =\n {2}\| "WebrpcEndpoint"\n/);
    expect(src).toContain('  | "RateLimited";');
    expect(src).toContain("  RateLimited: RateLimitedError;");
    const table = buildErrorTable(mini, "");
    // Each class is written from its row once; the table reads the codes from the classes.
    expect(src).toContain('schemaError("RateLimited", 1007, 429, ');
    expect(table).toContain("  RateLimitedError,\n");
    expect(table).toContain("[c.definition.code, c]");
    // The code of each wire name is kept once, in the table of codes.
    expect(table).not.toContain("  RateLimited: 1007,");
    expect(buildErrorCodes(mini, "")).toContain("  RateLimited: 1007,");
  });
});

describe("OpenAPI", () => {
  const doc = buildOpenApi(mini, { schemaHash: "h", title: "t", description: "d" }) as {
    paths: Record<string, { post: Record<string, unknown> }>;
    components: { schemas: Record<string, Record<string, unknown>> };
  };
  it("has one POST per method with summary, description and auth", () => {
    const get = doc.paths["/rpc/Service/GetIntent"]?.post;
    expect(get?.operationId).toBe("GetIntent");
    expect(get?.summary).toBe("Fetch one intent.");
    expect(get?.description).toBe("It stays retrievable.");
    expect(get?.security).toBeUndefined();
    expect(doc.paths["/rpc/Service/Ping"]?.post.security).toEqual([]);
  });
  it("types bigint fields as integer or decimal string, 0 to 2^256 - 1", () => {
    const props = doc.components.schemas.Intent?.properties as Record<string, unknown>;
    const salt = props.salt as { pattern: string };
    expect(salt).toMatchObject({
      type: ["integer", "string"],
      minimum: 0,
      maximum: exactNumber(2n ** 256n - 1n),
      format: "bigint",
    });
    const pattern = new RegExp(salt.pattern);
    expect(pattern.test((2n ** 256n - 1n).toString())).toBe(true);
    expect(pattern.test((2n ** 256n).toString())).toBe(false);
    expect(pattern.test("-1")).toBe(false);
  });
  it("lists error bodies with their code, name and status, as one-value enums", () => {
    expect(doc.components.schemas.ErrorRateLimited).toMatchObject({
      properties: {
        error: { enum: ["RateLimited"] },
        code: { enum: [1007] },
        status: { enum: [429] },
      },
    });
    expect(doc.components.schemas.ErrorWebrpcBadRoute).toMatchObject({
      properties: { code: { enum: [-2] }, status: { enum: [404] } },
    });
  });
});

describe("standalone validators", async () => {
  const v = await loadMiniValidators();
  const validate = v.validateGetIntentResponse as Validator;
  it("accepts bigints as JSON numbers, decimal strings or decoded bigints", () => {
    expect(validate({ intent: intent() })).toBe(true);
    expect(validate({ intent: intent({ salt: 5 }) })).toBe(true);
    expect(validate({ intent: intent({ salt: 2n ** 256n - 1n }) })).toBe(true);
  });
  it("rejects a bigint below 0 or past 2^256 - 1 in an answer", () => {
    for (const salt of [-1, "-1", -(2n ** 255n), 2n ** 256n, (2n ** 256n).toString()]) {
      expect(validate({ intent: intent({ salt }) })).toBe(false);
      expect(validate.errors?.[0]?.instancePath).toBe("/intent/salt");
    }
  });
  it("rejects a float, hex or empty string in a bigint field, naming the path", () => {
    for (const salt of [1.5, "0x10", "", " 1", "1e3", true, null, Number.NaN]) {
      expect(validate({ intent: intent({ salt }) })).toBe(false);
      expect(validate.errors?.[0]?.instancePath).toBe("/intent/salt");
    }
  });
  it("treats enums as open and unknown fields as allowed", () => {
    expect(validate({ intent: intent({ status: "SOMETHING_NEW", extra: { a: 1 } }) })).toBe(true);
    expect(validate({ intent: intent({ status: 3 }) })).toBe(false);
  });
  it("fails on a missing required field and accepts null for an optional one", () => {
    const { calls: _calls, ...missing } = intent();
    expect(validate({ intent: missing })).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe("/intent");
    expect(validate({ intent: intent({ m: null, createdAt: null }) })).toBe(true);
  });
  it("checks nested lists and maps", () => {
    const deep = v.validateDeep as Validator;
    expect(deep({ grid: [["1", 2]], byChain: { "1": [{ to: "x", value: "3" }] }, plain: 1 })).toBe(
      true,
    );
    expect(deep({ grid: [["1", 2.5]], byChain: {}, plain: 1 })).toBe(false);
    expect(deep.errors?.[0]?.instancePath).toBe("/grid/0/1");
    expect(deep({ grid: [], byChain: { x: [] }, plain: 1 })).toBe(false);
  });
});
