/**
 * Two files of types:
 *
 * - `generated/types.ts`: the named types of the schema (`Intent`, `QuoteIntentRequest`, …,
 *   written from the IR by `named-types.ts`), exported at the package's root.
 * - `generated/openapi-types.ts`: the OpenAPI document's `paths`, `components` and `operations`
 *   from openapi-typescript, rewritten so that every schema type in them is the named type:
 *   `paths["/rpc/Service/QuoteIntent"]["post"]` takes a `QuoteIntentRequest` and answers a
 *   `QuoteIntentResponse`, which is what openapi-fetch's typed `POST` reads. Exported by the
 *   types-only entry `xchain-intents/openapi`, for users who bring their own openapi-fetch.
 */
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import type { Schema } from "../ridl/schema.js";
import type { JsonSchema } from "./json-schema.js";
import { SchemaModel } from "./model.js";
import { NamedTypes } from "./named-types.js";
import { directedSchemas } from "./schemas.js";

const f = ts.factory;

/** openapi-typescript's output with `components["schemas"]["X"]` members and refs made `X`. */
function linkNamedTypes(text: string, names: ReadonlySet<string>): string {
  const file = ts.createSourceFile("types.ts", text, ts.ScriptTarget.Latest, false);
  const cuts: { start: number; end: number; text: string }[] = [];
  for (const stmt of file.statements) {
    if (!ts.isInterfaceDeclaration(stmt) || stmt.name.text !== "components") continue;
    for (const member of stmt.members) {
      if (!ts.isPropertySignature(member) || member.name.getText(file) !== "schemas") continue;
      const literal = member.type;
      if (!literal || !ts.isTypeLiteralNode(literal)) continue;
      for (const m of literal.members) {
        const name = m.name && ts.isIdentifier(m.name) ? m.name.text : undefined;
        if (!name || !names.has(name) || !ts.isPropertySignature(m)) continue;
        cuts.push({ start: m.getStart(file, true), end: m.end, text: `${name}: ${name};` });
      }
    }
  }
  let out = text;
  for (const cut of cuts.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, cut.start) + cut.text + out.slice(cut.end);
  }
  return out.replace(/components\["schemas"\]\["(\w+)"\]/g, (all, name: string) =>
    names.has(name) ? name : all,
  );
}

/** Source of `generated/types.ts`. */
export function buildTypes(schema: Schema, header: string): string {
  const named = new NamedTypes(new SchemaModel(schema));
  return `${header}${named.declarations().join("\n")}\n`;
}

/** Source of `generated/openapi-types.ts`. */
export async function buildOpenapiTypes(
  schema: Schema,
  openapi: JsonSchema,
  header: string,
): Promise<string> {
  const nodes = await openapiTS(structuredClone(openapi) as never, {
    transform(node) {
      if (node.format === "bigint") return f.createKeywordTypeNode(ts.SyntaxKind.BigIntKeyword);
      // An exact 64-bit integer (an alias of uint64 or int64): a number, or a bigint past 2^53.
      if (node.format === "uint64" || node.format === "int64") {
        return f.createUnionTypeNode([
          f.createKeywordTypeNode(ts.SyntaxKind.NumberKeyword),
          f.createKeywordTypeNode(ts.SyntaxKind.BigIntKeyword),
        ]);
      }
      return undefined;
    },
    alphabetize: false,
    exportType: false,
  });
  // Every component the OpenAPI document has for a schema type (open and closed forms) is a
  // named type of its own.
  const names = new Set(directedSchemas(schema, "published", (n) => n).keys());
  const wire = linkNamedTypes(astToString(nodes), names);
  const used = [...names].filter((name) => new RegExp(`\\b${name}\\b`).test(wire));
  return `${header}import type { ${used.join(", ")} } from "./types.js";\n\n${wire}`;
}
