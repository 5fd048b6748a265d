/**
 * A required field's presence not tested twice. A struct's checks open with the test of its
 * required fields (`if(data.a === undefined || …){return issueRequired(…);}else {…}`); in the
 * `else` every one of them is present, yet ajv tests each again before its checks
 * (`if(data0 !== undefined){…}`, `data.a === undefined || validateN(…)`). In that `else`, those
 * tests of the same object's required fields go: the checks run as they did, in the same order,
 * with the same errors. A field's variable used once, outside a loop, is replaced by its read, so
 * the field is still read once. Any other shape stays as it was.
 */

import { closing } from "./validator-code.js";

/** The required fields' test, as `compactFieldChecks` writes it, and the opening of its `else`. */
const REQUIRED =
  /if\(((?:data\.\w+ === undefined \|\| )*data\.\w+ === undefined)\)\{return issueRequired\(validate\d+, instancePath, data, \[[^\]]*\]\);\}else \{/g;

/** Escapes `text` for a regular expression. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The block `{…}` at `open` and what follows it: its body, and its end after an `else` that only
 * marks the field passed (`else {var validN = true;}`, which the body marks too); `undefined` for
 * an `else` of any other kind.
 */
function presenceBlock(code: string, open: number): { body: string; end: number } | undefined {
  const close = closing(code, open);
  const body = code.slice(open + 1, close);
  const passed = /^else \{var (valid\d+) = true;\}/.exec(code.slice(close + 1));
  if (passed === null) {
    return code.startsWith("else", close + 1) ? undefined : { body, end: close + 1 };
  }
  if (!body.includes(`var ${passed[1]} = `)) return undefined;
  return { body, end: close + 1 + passed[0].length };
}

/** `body` (an `else` in which the fields `keys` of `data` are present) without their presence tests. */
function dropIn(body: string, keys: readonly string[]): string {
  let out = body;
  for (const key of keys) {
    const read = literal(`data.${key}`);
    // A read-once field: `{let dataN = data.key;if(dataN !== undefined){…}}`.
    const once = new RegExp(String.raw`\{let (data\d+) = ${read};if\(\1 !== undefined\)\{`, "g");
    // A field checked where it stands: `if(data.key !== undefined){…}`.
    const plain = new RegExp(String.raw`if\(${read} !== undefined\)\{`, "g");
    for (const pattern of [once, plain]) {
      let next = "";
      let from = 0;
      for (const m of out.matchAll(pattern)) {
        if (m.index < from) continue;
        const block = presenceBlock(out, m.index + m[0].length - 1);
        if (block === undefined) continue;
        const name = m[1];
        let replaced: string;
        if (name === undefined) replaced = `{${block.body}}`;
        else {
          if (out[block.end] !== "}") continue;
          const uses = block.body.split(new RegExp(String.raw`\b${name}\b`)).length - 1;
          replaced =
            uses === 1 && !/\bfor\(|\bwhile\(/.test(block.body)
              ? `{${block.body.replace(new RegExp(String.raw`\b${name}\b`), `data.${key}`)}}`
              : `{let ${name} = data.${key};${block.body}}`;
          block.end += 1;
        }
        next += out.slice(from, m.index) + replaced;
        from = block.end;
      }
      out = next + out.slice(from);
    }
    // A field checked by a referenced validator: `(data.key === undefined || validateN(…))`.
    out = out.split(`(data.${key} === undefined || `).join("(");
  }
  return out;
}

/** `code` with the presence tests of fields already known present dropped. */
export function dropPresentTests(code: string): string {
  let out = "";
  let from = 0;
  for (const m of code.matchAll(REQUIRED)) {
    if (m.index < from) continue;
    const keys = [...(m[1] ?? "").matchAll(/data\.(\w+) === undefined/g)].map((k) => k[1] ?? "");
    const open = m.index + m[0].length - 1;
    const close = closing(code, open);
    out += code.slice(from, open + 1) + dropIn(code.slice(open + 1, close), keys);
    from = close;
  }
  return out + code.slice(from);
}
