/**
 * The published OpenAPI document's examples are what a mock serves: every operation's request and
 * answer example is valid against its own schema (so a mock's answers pass a strict client), the
 * bodies agree with each other (the quoted intent is what CommitIntent's example sends back), and
 * every pattern-bound string and every amount carries an example its own schema accepts.
 */
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { repoPath } from "../../kit/runtimes/harness.js";

type Json = Record<string, unknown>;
const doc = JSON.parse(readFileSync(repoPath("generated/openapi.json"), "utf8")) as {
  paths: Record<string, { post: Json }>;
  components: { schemas: Record<string, Json>; headers: Record<string, { schema: Json }> };
};

function compiler() {
  const ajv = new Ajv2020({ strict: false, allowUnionTypes: true, validateFormats: false });
  ajv.addSchema({ $id: "spec", components: doc.components });
  return ajv;
}
const ajv = compiler();
const validator = (ref: string) => ajv.compile({ $ref: `spec${ref}` });

/** The request and 200 media types of each operation, by operation id. */
const operations = Object.values(doc.paths).map(({ post }) => {
  const body = (post.requestBody as { content: Record<string, Json> }).content["application/json"];
  const ok = (post.responses as Record<string, { content: Record<string, Json> }>)["200"]?.content[
    "application/json"
  ];
  if (!body || !ok) throw new Error(`${String(post.operationId)}: no JSON body or answer`);
  return { id: String(post.operationId), body, ok };
});

/** Every schema object of the components, with where it is. */
function* schemaNodes(node: unknown, at: string): Generator<[string, Json]> {
  if (node === null || typeof node !== "object") return;
  if (!Array.isArray(node)) yield [at, node as Json];
  for (const [k, v] of Object.entries(node)) {
    if (k !== "examples" && k !== "example") yield* schemaNodes(v, `${at}/${k}`);
  }
}

describe("the OpenAPI document's examples", () => {
  it("give all 13 operations a request and an answer example valid against their schemas", () => {
    expect(operations).toHaveLength(13);
    for (const { id, body, ok } of operations) {
      for (const [what, media] of [
        ["request", body],
        ["answer", ok],
      ] as const) {
        const check = validator(String((media.schema as Json).$ref));
        expect(media.example, `${id} ${what}`).toBeDefined();
        const valid = check(media.example);
        expect(check.errors ?? [], `${id} ${what}`).toEqual([]);
        expect(valid).toBe(true);
      }
    }
  });

  it("agree with each other: the quoted intent is what CommitIntent's example commits", () => {
    const example = (id: string, part: "body" | "ok") =>
      operations.find((o) => o.id === id)?.[part].example as Json;
    const quoted = (example("QuoteIntent", "ok") as { intent: Json }).intent;
    expect(example("CommitIntent", "body")).toEqual({ intent: quoted });
    expect(example("CommitIntent", "ok")).toMatchObject({ intentId: quoted.intentId });
    expect(example("ExecuteIntent", "body")).toMatchObject({ intentId: quoted.intentId });
    expect(example("GetIntent", "ok")).toMatchObject({ intent: { intentId: quoted.intentId } });
  });

  it("put an example its own schema accepts on every pattern-bound string and every amount", () => {
    let checked = 0;
    for (const [at, node] of schemaNodes(doc.components, "#/components")) {
      const bound = typeof node.pattern === "string" || node.format === "bigint";
      if (!bound || node.propertyNames !== undefined) continue;
      if (at.includes("/propertyNames") || at.includes("/properties/properties")) continue;
      const examples = node.examples as unknown[] | undefined;
      expect(examples, at).toBeInstanceOf(Array);
      const check = ajv.compile({ ...node, examples: undefined, description: undefined });
      for (const e of examples ?? []) expect(check(e), `${at}: ${JSON.stringify(e)}`).toBe(true);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(50);
  });
});
