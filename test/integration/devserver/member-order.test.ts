/**
 * The dev server writes each object's members in schema order, as a webrpc server writes a Go
 * struct: clients that pair digits by document order (the one-traversal decode) see what a real
 * server sends.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { call, executed, quote, start } from "../../kit/devserver/helpers.js";
import { repoPath } from "../../kit/runtimes/harness.js";

type Schema = {
  $ref?: string;
  anyOf?: Schema[];
  type?: string | string[];
  items?: Schema;
  properties?: Record<string, Schema>;
};
const dir = repoPath("generated/schemas/");
const schemas = new Map<string, Schema>(
  readdirSync(dir).map((f) => [f, JSON.parse(readFileSync(join(dir, f), "utf8")) as Schema]),
);

/** Paths of the objects whose known members are not in schema order. */
function outOfOrder(value: unknown, schema: Schema | undefined, path = "$"): string[] {
  if (schema === undefined || typeof value !== "object" || value === null) return [];
  if (schema.$ref) return outOfOrder(value, schemas.get(schema.$ref), path);
  if (schema.anyOf)
    return outOfOrder(
      value,
      schema.anyOf.find((b) => b.type !== "null"),
      path,
    );
  if (Array.isArray(value))
    return value.flatMap((v, i) => outOfOrder(v, schema.items, `${path}[${i}]`));
  const names = Object.keys(schema.properties ?? {});
  const order = Object.keys(value)
    .map((k) => names.indexOf(k))
    .filter((j) => j >= 0);
  const here = order.some((j, i) => i > 0 && j < (order[i - 1] as number)) ? [path] : [];
  return [
    ...here,
    ...Object.entries(value).flatMap(([k, v]) =>
      outOfOrder(v, schema.properties?.[k], `${path}.${k}`),
    ),
  ];
}

describe("member order of the dev server's answers", () => {
  it("follows the schema in every response of an intent's life", async () => {
    const { srv } = await start();
    try {
      const q = await quote(srv);
      const raw = await call(srv, "QuoteIntent", {
        ownerAddress: q.intent.ownerAddress,
        originChainId: q.intent.originChainId,
        originTokenAddress: q.intent.quoteRequest.originTokenAddress,
        destinationChainId: q.intent.destinationChainId,
        destinationTokenAddress: q.intent.quoteRequest.destinationTokenAddress,
        tradeType: "EXACT_INPUT",
        originTokenAmount: 250_000_000n,
      });
      expect(outOfOrder(JSON.parse(raw.text), schemas.get("QuoteIntentResponse.json"))).toEqual([]);
      const id = await executed(srv);
      for (const [op, body, type] of [
        ["GetIntent", { intentId: id }, "GetIntentResponse"],
        ["GetIntentReceipt", { intentId: id }, "GetIntentReceiptResponse"],
        ["SearchIntents", { byOwnerAddress: q.intent.ownerAddress }, "SearchIntentsResponse"],
      ] as const) {
        const a = await call(srv, op, body);
        expect(a.status, a.text).toBe(200);
        expect(outOfOrder(JSON.parse(a.text), schemas.get(`${type}.json`)), op).toEqual([]);
      }
    } finally {
      await srv.close();
    }
  });
});
