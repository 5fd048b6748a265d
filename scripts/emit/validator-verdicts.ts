/**
 * Verdicts known or never read, dropped. ajv closes a field's checks with `var validN = true;`
 * (in both branches of an optional field's presence test, or at the end of the field's block) so
 * that the next field may test it with `if(validN){`. Once the settled tests are gone
 * (`validator-settled.ts`) and failures return at once (`validator-joined-ends.ts`):
 * - a test right after a bare block whose last statement sets the verdict to `true` is always
 *   true: the test is reached only by running off that block's end, just after the write;
 * - a `var` that is only ever set to `true` and never read changes nothing, yet the minifier
 *   keeps it (a `var` is the function's, not the block's). A verdict read anywhere else stays.
 */

import { isQuote, opensBareBlock, stringEnd } from "./validator-code.js";

/** Where a verdict set to `true` ends a block that the verdict's test follows. */
const KNOWN = /var (valid\d+) = true;\}if\(\1\)\{/y;

/**
 * `code` with each `if(validN){` that follows a bare block ending in `var validN = true;` made a
 * bare block. A block is bare when the last character before its `{`, outside strings and spaces,
 * is `;`, `{` or `}` (after `)` it is a body, after `else ` too, after `(`, `,`, `:`, `=` an
 * object), as `validator-flat-blocks.ts` reads them.
 */
function settleKnownTests(code: string): string {
  const bare: boolean[] = [];
  let out = "";
  let from = 0;
  let before = "";
  for (let i = 0; i < code.length; i++) {
    const c = code[i] as string;
    if (isQuote(c)) {
      i = stringEnd(code, i);
    } else if (c === "{") {
      bare.push(opensBareBlock(before));
    } else if (c === "}") {
      bare.pop();
    } else if (c === "v" && bare.at(-1) === true) {
      KNOWN.lastIndex = i;
      const known = KNOWN.exec(code);
      if (known !== null) {
        // The write stays (another test may read it); the test becomes a bare block.
        out += `${code.slice(from, i)}var ${known[1]} = true;}{`;
        from = i + known[0].length;
        i = from - 1;
        bare.pop();
        bare.push(true);
        before = "{";
        continue;
      }
    }
    if (c !== " " && c !== "\n") before = c;
  }
  if (bare.length > 0) throw new Error("validator code: a block is not closed");
  return out + code.slice(from);
}

/** One validator function's code without the verdicts it only writes. */
function dropInFunction(code: string): string {
  let out = code;
  for (const name of new Set(Array.from(code.matchAll(/var (valid\d+) = true;/g), (m) => m[1]))) {
    const mentions = out.match(new RegExp(String.raw`\b${name}\b`, "g"))?.length ?? 0;
    const writes = out.split(`var ${name} = true;`).length - 1;
    if (mentions === writes) out = out.split(`var ${name} = true;`).join("");
  }
  return out;
}

/** `code` with known verdicts' tests and unread `var validN = true;` statements dropped. */
export function dropKnownVerdicts(code: string): string {
  return settleKnownTests(code)
    .split(/(?=function validate\d+\()/)
    .map(dropInFunction)
    .join("");
}
