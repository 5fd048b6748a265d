/**
 * Wire codes are read from the tables, never written as number literals: the schema's in
 * `generated/error-codes.ts` (and the classes of `generated/errors.ts`), the SDK's own in
 * `src/errors/client-codes.ts` (the client's and the wallet step's rows). The sources of `src/` are read with the TypeScript parser and every
 * number literal standing for a code is reported: compared with something named `code`, given to
 * a property `code` or to a row builder's code argument, a `case` of a switch on a code, or listed
 * in a set of codes.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { repoPath } from "../../kit/runtimes/harness.js";

/** The table of the SDK's own errors: the one place their codes are written. */
const TABLE = "src/errors/client-codes.ts";
/**
 * The one file whose codes are a wallet provider's (EIP-1193 4001, JSON-RPC 3), not the
 * service's nor the SDK's: it reads what a wallet or node answered.
 */
const PROVIDER_CODES = "src/wallet/failures.ts";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith(".ts") ? [path] : [];
  });
}

/** Functions that make an error's row, and the position of their code argument. */
const ROW_BUILDERS: Record<string, number> = { row: 1 };

const isCodeName = (text: string) => /(^|\.)code$/i.test(text) || /CODES$/.test(text);

/** `1007`, `-8`: a numeric literal, or a minus applied to one. */
function literalOf(node: ts.Node): string | undefined {
  if (ts.isNumericLiteral(node)) return node.text;
  if (
    ts.isPrefixUnaryExpression(node) &&
    node.operator === ts.SyntaxKind.MinusToken &&
    ts.isNumericLiteral(node.operand)
  ) {
    return `-${node.operand.text}`;
  }
  return undefined;
}

/** Every number literal in `file` that stands for a wire code, as `line: text`. */
function codeLiterals(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, literal: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push(`${line}: ${literal}`);
  };
  const visit = (node: ts.Node): void => {
    const literal = literalOf(node);
    const parent = node.parent;
    if (literal !== undefined && parent !== undefined) {
      if (ts.isBinaryExpression(parent)) {
        const other = parent.left === node ? parent.right : parent.left;
        const op = parent.operatorToken.kind;
        const compares =
          op === ts.SyntaxKind.EqualsEqualsEqualsToken ||
          op === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
          op === ts.SyntaxKind.EqualsEqualsToken ||
          op === ts.SyntaxKind.ExclamationEqualsToken;
        if (compares && isCodeName(other.getText(source))) report(node, literal);
      } else if (ts.isPropertyAssignment(parent) && parent.initializer === node) {
        if (parent.name.getText(source) === "code") report(node, literal);
      } else if (ts.isCallExpression(parent)) {
        const at = ROW_BUILDERS[parent.expression.getText(source)];
        if (at !== undefined && parent.arguments[at] === node) report(node, literal);
      } else if (ts.isCaseClause(parent)) {
        const sw = parent.parent.parent;
        if (ts.isSwitchStatement(sw) && isCodeName(sw.expression.getText(source))) {
          report(node, literal);
        }
      } else if (ts.isArrayLiteralExpression(parent)) {
        const set = parent.parent;
        const decl = set?.parent;
        if (
          set !== undefined &&
          ts.isNewExpression(set) &&
          decl !== undefined &&
          ts.isVariableDeclaration(decl) &&
          isCodeName(decl.name.getText(source))
        ) {
          report(node, literal);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("wire codes", () => {
  const root = repoPath(".");
  const files = sources(repoPath("src")).map((f) => relative(root, f));

  it("are written as number literals only in the tables", () => {
    const offenders = files
      .filter((f) => f !== TABLE && f !== PROVIDER_CODES)
      .flatMap((f) => codeLiterals(repoPath(f)).map((hit) => `${f}:${hit}`));
    expect(offenders).toEqual([]);
  });

  it("the check finds them where they are", () => {
    const found = codeLiterals(repoPath(TABLE));
    expect(found.slice(0, 4)).toEqual(["26: -100", "29: -101", "35: -102", "41: -103"]);
    // The wallet step's twelve, -200 to -211.
    expect(found.slice(4).map((hit) => hit.split(": ")[1])).toEqual(
      Array.from({ length: 12 }, (_, i) => `${-200 - i}`),
    );
    // The provider's codes are where they are said to be.
    expect(codeLiterals(repoPath(PROVIDER_CODES)).map((hit) => hit.split(": ")[1])).toEqual([
      "4001",
      "3",
    ]);
  });
});
