/**
 * `generated/types.ts`: TypeScript types from the published OpenAPI document, by
 * openapi-typescript, with three changes the document cannot express: bigint fields are `bigint`,
 * exact 64-bit integers (`format: uint64`, the `ExactUint64` alias) are `number | bigint`, and
 * enums are open (`Known | (string & {})`). A named alias is added for every schema type.
 */
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import type { Schema } from "../ridl/schema.js";
import type { JsonSchema } from "./json-schema.js";

const f = ts.factory;

function openEnum(values: readonly unknown[]): ts.TypeNode {
  const literals = values.map((v) => f.createLiteralTypeNode(f.createStringLiteral(String(v))));
  const anyString = f.createIntersectionTypeNode([
    f.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
    f.createTypeLiteralNode([]),
  ]);
  return f.createUnionTypeNode([...literals, f.createParenthesizedType(anyString)]);
}

/** Source of `generated/types.ts`. */
export async function buildTypes(
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
      if (node.type === "string" && Array.isArray(node.enum)) return openEnum(node.enum);
      return undefined;
    },
    alphabetize: false,
    exportType: false,
  });
  const body = astToString(nodes);
  const aliases = schema.types.map((t) => {
    return `/** The \`${t.name}\` type of the schema. */\nexport type ${t.name} = components["schemas"]["${t.name}"];`;
  });
  return `${header}${body}\n${aliases.join("\n")}\n`;
}
