/**
 * Bare blocks without declarations, unwrapped. ajv nests each field's checks inside the one
 * before (`if(valid0){…}`); once those tests are settled (`validator-settled.ts`) the nesting is
 * left as bare blocks `{…}` ending in a run of braces at the end of each object's checks. A bare
 * block that declares nothing at its own level scopes nothing: its statements run the same
 * without it. Blocks that declare (`let`, `const`) stay, so no name changes scope.
 */

import { isQuote, opensBareBlock, stringEnd } from "./validator-code.js";

/** `code` with its undeclaring bare blocks unwrapped (strings, whose braces do not count, kept). */
export function flattenBareBlocks(code: string): string {
  /** Open blocks: where each starts, whether it is bare, whether it declares at its level. */
  const open: { at: number; bare: boolean; declares: boolean }[] = [];
  const drop: number[] = [];
  // The last character outside strings and spaces (`opensBareBlock`).
  let before = "";
  for (let i = 0; i < code.length; i++) {
    const c = code[i] as string;
    if (isQuote(c)) {
      i = stringEnd(code, i);
    } else if (c === "{") {
      open.push({ at: i, bare: opensBareBlock(before), declares: false });
    } else if (c === "}") {
      const block = open.pop();
      if (block?.bare && !block.declares) drop.push(block.at, i);
    } else if (/^(?:let|const|class|function) /.test(code.slice(i, i + 9)) && /\W/.test(before)) {
      const block = open.at(-1);
      if (block) block.declares = true;
    }
    if (c !== " " && c !== "\n") before = c;
  }
  if (open.length > 0) throw new Error("validator code: a block is not closed");
  drop.sort((a, b) => a - b);
  let out = "";
  let from = 0;
  for (const at of drop) {
    out += code.slice(from, at);
    from = at + 1;
  }
  return out + code.slice(from);
}
