/**
 * An `else` after a branch that returns, unwrapped. ajv writes a check and the rest of an object's
 * checks as `if(!ok){return fail;}else {rest}`; once failures return at once, many branches end in
 * `return`. A block whose last statement (at its own level) is a `return` never runs off its end,
 * so whatever follows the `if` runs only when the test was false: `if(t){…return x;}else {rest}`
 * and `if(t){…return x;}{rest}` do the same. The `else` body becomes a bare block, which keeps
 * the scope of its declarations (`validator-flat-blocks.ts` unwraps it when it declares nothing),
 * and the minifier can then join the returns into one test.
 */

/** A `return` whose expression holds no brace or `;` outside strings, closing an `if`'s body. */
const ELSE_AFTER_RETURN = /(return (?:[^;{}"]|"(?:[^"\\]|\\.)*")*;\})else \{/g;

/** `code` with each `else` after a body that ends in a `return` dropped. */
export function unwrapElseAfterReturn(code: string): string {
  return code.replace(ELSE_AFTER_RETURN, "$1{");
}
