/** The published spec names the schema version it was generated from, and its enums' openness. */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SCHEMA_HASH, SCHEMA_VERSION } from "../../../generated/operations.js";

const read = (path: string) => JSON.parse(readFileSync(path, "utf8"));

describe("the published spec", () => {
  it("names the schema version in OpenAPI info and in every JSON Schema's $id", () => {
    const openapi = read("generated/openapi.json");
    expect(openapi.info.version).toBe(SCHEMA_VERSION);
    expect(openapi.info["x-schema-hash"]).toBe(SCHEMA_HASH);
    const files = readdirSync("generated/schemas");
    expect(files.length).toBeGreaterThan(60);
    for (const file of files) {
      expect(read(`generated/schemas/${file}`).$id).toBe(
        `https://schemas.xchain-intents.dev/${SCHEMA_VERSION}/${file}`,
      );
    }
  });

  it("has open response enums (known values listed) and closed request enums", () => {
    const open = read("generated/schemas/IntentStatus.json");
    expect(open.anyOf).toEqual([
      { type: "string", enum: expect.arrayContaining(["QUOTED", "SUCCEEDED", "REFUNDED"]) },
      { type: "string" },
    ]);
    const closed = read("generated/schemas/KnownTradeType.json");
    expect(closed).toMatchObject({ type: "string", enum: ["EXACT_INPUT", "EXACT_OUTPUT"] });
    const request = read("generated/schemas/QuoteIntentRequest.json");
    // An optional member may be null (read as absent): the enum is the first branch.
    expect(request.properties.tradeType.anyOf[0].$ref).toBe("KnownTradeType.json");
    const response = read("generated/schemas/Intent.json");
    expect(response.properties.status.$ref).toBe("IntentStatus.json");
    const components = read("generated/openapi.json").components.schemas;
    expect(components.QuoteIntentRequest.properties.tradeType.anyOf[0].$ref).toBe(
      "#/components/schemas/KnownTradeType",
    );
    expect(components.IntentStatus.anyOf).toHaveLength(2);
  });
});
