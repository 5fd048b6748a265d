/**
 * The emit step's pass that tests an address's or a hash's pattern by a loop instead of a
 * `RegExp`: the rewrite of ajv's declarations (which patterns, what they become), and a property
 * test holding the loop's verdict equal to the expression's, with and without the `u` flag, over
 * near misses of real values (one code unit changed, added or taken away, including non-ASCII, lone
 * surrogates and astral characters) and over random strings. The validators' verdicts and errors
 * are held to ajv's own by the differential test (`validator-messages.test.ts`).
 */
import { describe, expect, it } from "vitest";
import { HEX_PATTERN_HELPERS, hexPatterns } from "../../../scripts/emit/validator-hex-patterns.js";
import { rng } from "../../kit/rng.js";

interface Pattern {
  source: string;
  test(s: string): boolean;
}
const hexPattern = new Function(`${HEX_PATTERN_HELPERS}return hexPattern;`)() as (
  source: string,
  size: number,
  empty: boolean,
) => Pattern;

/** The pattern a rewritten declaration builds (its `const` run and returned). */
const built = (declaration: string): Pattern =>
  new Function("hexPattern", `${declaration}return pattern1;`)(hexPattern);

const declare = (source: string) => `const pattern1 = new RegExp(${JSON.stringify(source)}, "u");`;

const SOURCES = [
  "^0x[0-9a-fA-F]{40}$",
  "^(?:0x[0-9a-fA-F]{40})?$",
  "^0x[0-9a-fA-F]{64}$",
  "^(?:0x[0-9a-fA-F]{64})?$",
];

/** Code units a hostile or broken server might put where a hex digit belongs. */
const ODD = [
  ..."0123456789abcdefABCDEFgGxX/:@`{ \n\t\0",
  "\u00e9",
  "\u0660",
  "\uff10",
  "\u2028",
  "\ud800",
  "\udfff",
  "\u{1F600}",
  "\u0130",
  "\u212a",
];
const HEX = "0123456789abcdefABCDEF";

/** Strings near a valid value of `digits` hex digits, and some far from it. */
function samples(digits: number, count: number, seed: number): string[] {
  const r = rng(seed);
  const unit = () => (r.next() < 0.7 ? r.pick(ODD) : String.fromCharCode(r.int(0x10000)));
  const valid = () => `0x${Array.from({ length: digits }, () => r.pick([...HEX])).join("")}`;
  const out = ["", "0x", "0X", valid(), `${valid()}\n`, `\n${valid()}`, valid().toUpperCase()];
  for (let n = 0; n < count; n++) {
    const s = valid();
    const at = r.int(s.length + 1);
    const kind = r.int(4);
    if (kind === 0) out.push(s.slice(0, at) + unit() + s.slice(at + 1));
    else if (kind === 1) out.push(s.slice(0, at) + unit() + s.slice(at));
    else if (kind === 2) out.push(s.slice(0, at) + s.slice(at + 1));
    else out.push(Array.from({ length: r.int(digits + 6) }, unit).join(""));
  }
  return out;
}

describe("hexPatterns", () => {
  it("makes each fixed-size hex pattern, optional or not, a hexPattern of its own source", () => {
    expect(hexPatterns(declare("^0x[0-9a-fA-F]{40}$"))).toBe(
      'const pattern1 = /*#__PURE__*/ hexPattern("^0x[0-9a-fA-F]{40}$", 42, false);',
    );
    expect(hexPatterns(declare("^(?:0x[0-9a-fA-F]{64})?$"))).toBe(
      'const pattern1 = /*#__PURE__*/ hexPattern("^(?:0x[0-9a-fA-F]{64})?$", 66, true);',
    );
    for (const source of SOURCES) expect(built(hexPatterns(declare(source))).source).toBe(source);
  });

  it("leaves any other pattern a RegExp", () => {
    for (const source of [
      "^0x(?:[0-9a-fA-F]{2})*$",
      "^0x[0-9a-fA-F]{39}$",
      "^0x[0-9a-fA-F]{42}$",
      "^[0-9a-fA-F]{40}$",
      "^0x[0-9a-f]{40}$",
      "^(?:0x[0-9a-fA-F]{40}$",
      "^0x[0-9a-fA-F]{40})?$",
      "^0x[0-9a-fA-F]{40}",
      "^-?[0-9]+$",
    ]) {
      expect(hexPatterns(declare(source)), source).toBe(declare(source));
    }
    const flagged = 'const pattern1 = new RegExp("^0x[0-9a-fA-F]{40}$", "i");';
    expect(hexPatterns(flagged)).toBe(flagged);
  });

  it("gives the expression's verdict for every sampled string, u flag or not", () => {
    let accepted = 0;
    let total = 0;
    for (const [i, source] of SOURCES.entries()) {
      const mine = built(hexPatterns(declare(source)));
      const theirs = [new RegExp(source, "u"), new RegExp(source)];
      const digits = source.includes("{40}") ? 40 : 64;
      for (const s of [...samples(digits, 6000, 44 + i), ...samples(104 - digits, 500, 88 + i)]) {
        const expected = theirs[0]?.test(s);
        expect(theirs[1]?.test(s), JSON.stringify(s)).toBe(expected);
        expect(mine.test(s), `${source} ${JSON.stringify(s)}`).toBe(expected);
        if (expected) accepted++;
        total++;
      }
    }
    // Both verdicts are well represented: the near misses are near.
    expect(accepted).toBeGreaterThan(total / 20);
    expect(total - accepted).toBeGreaterThan(total / 2);
  });
});
