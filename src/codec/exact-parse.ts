/**
 * The exact JSON parser (`docs/codec.md`, step 3): follows the bigint paths as it reads, gives
 * every integer past 2^53 its digits, refuses a number past the largest double, and locates every
 * error. Values are built as `JSON.parse` builds them (own data properties, `__proto__` included;
 * the last of duplicate keys wins).
 */
import { excerptAt, excerptOf } from "../errors/excerpt.js";
import { JsonDecodeError } from "./errors.js";
import { BIGINT_EXPECTED, decimalBigint, MAX_DEPTH, setOwn } from "./leaf.js";
import { pathStep, type Shape } from "./paths.js";

/** How the exact parser reads numbers beyond JSON.parse's rules. */
export interface ExactParseOptions {
  /**
   * Read a number written with a fraction or an exponent whose value is an integer (`1000.0`,
   * `1e3`) as the exact integer it is, as JSON Schema counts it: in a bigint field, and anywhere
   * past 2^53 (where a double would round it). The dev server reads requests so.
   */
  integralNumbers?: boolean;
}

/**
 * Reads a fraction or exponent token whose value is an integer (`1000.0`, `1e3`) as that exact
 * integer, else `undefined` (`ExactParseOptions.integralNumbers`: `integralBigint`). Passed in
 * rather than imported, so that a bundle whose parser never reads numbers so leaves it out.
 */
export type IntegralReader = (token: string) => bigint | undefined;

/** Parses `text` exactly; throws `JsonDecodeError` with position, excerpt and (for bigints) path. */
export function parseExact(
  text: string,
  tree: Shape | undefined,
  integral?: IntegralReader,
): unknown {
  const st: State = { text, pos: 0, keys: [], integral };
  const value = parseValue(st, tree);
  skipSpace(st);
  if (st.pos < text.length) fail(st, "unexpected text after the JSON value");
  return value;
}

function parseValue(st: State, shape: Shape | undefined): unknown {
  skipSpace(st);
  const start = st.pos;
  const c = st.text.charCodeAt(start);
  if (c === 123 || c === 91) {
    if (shape?.bigint) failBigint(st, c === 123 ? "{…}" : "[…]", start);
    if (st.keys.length === MAX_DEPTH) failAtPath(st, `Nesting deeper than ${MAX_DEPTH} levels`);
    return c === 123 ? parseObject(st, shape) : parseArray(st, shape);
  }
  if (c === 34) {
    const s = parseString(st);
    if (!shape?.bigint) return s;
    return decimalBigint(s) ?? failBigint(st, excerptOf(s), start);
  }
  if (c === 45 || (c >= 48 && c <= 57)) return parseNumber(st, shape?.bigint === true);
  for (const [word, value] of literals) {
    if (st.text.startsWith(word, start)) {
      st.pos += word.length;
      if (shape?.bigint && value !== null) failBigint(st, word, start);
      return value;
    }
  }
  return fail(st, "expected a JSON value");
}

const literals: readonly (readonly [string, boolean | null])[] = [
  ["true", true],
  ["false", false],
  ["null", null],
];

function parseObject(st: State, shape: Shape | undefined): Record<string, unknown> {
  const obj: Record<string, unknown> = {};
  st.pos++;
  skipSpace(st);
  if (st.text.charCodeAt(st.pos) === 125) {
    st.pos++;
    return obj;
  }
  for (;;) {
    skipSpace(st);
    if (st.text.charCodeAt(st.pos) !== 34) fail(st, "expected a property name");
    const key = parseString(st);
    skipSpace(st);
    if (st.text.charCodeAt(st.pos) !== 58) fail(st, "expected ':' after a property name");
    st.pos++;
    const child = shape?.byName?.get(key) ?? shape?.values;
    st.keys.push(key);
    setOwn(obj, key, parseValue(st, child));
    st.keys.pop();
    skipSpace(st);
    const c = st.text.charCodeAt(st.pos++);
    if (c === 125) return obj;
    if (c !== 44) fail(st, "expected ',' or '}' after a property value", st.pos - 1);
  }
}

function parseArray(st: State, shape: Shape | undefined): unknown[] {
  const list: unknown[] = [];
  st.pos++;
  skipSpace(st);
  if (st.text.charCodeAt(st.pos) === 93) {
    st.pos++;
    return list;
  }
  for (;;) {
    st.keys.push(list.length);
    list.push(parseValue(st, shape?.items));
    st.keys.pop();
    skipSpace(st);
    const c = st.text.charCodeAt(st.pos++);
    if (c === 93) return list;
    if (c !== 44) fail(st, "expected ',' or ']' after an array element", st.pos - 1);
  }
}

function parseString(st: State): string {
  const { text } = st;
  const start = st.pos;
  let escaped = false;
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      st.pos = i + 1;
      if (!escaped) return text.slice(start + 1, i);
      try {
        return JSON.parse(text.slice(start, i + 1)) as string;
      } catch {
        return fail(st, "invalid escape in a string", start);
      }
    }
    if (c === 92) {
      escaped = true;
      i++;
    } else if (c < 32) {
      fail(st, "control character in a string", i);
    }
  }
  return fail(st, "unterminated string", text.length);
}

const numberPattern = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;

function parseNumber(st: State, bigint: boolean): number | bigint {
  const start = st.pos;
  numberPattern.lastIndex = start;
  const m = numberPattern.exec(st.text);
  if (m === null) return fail(st, "invalid number");
  const token = m[0];
  st.pos = start + token.length;
  const n = Number(token);
  const integer = m[1] === undefined && m[2] === undefined;
  if (!bigint) {
    if (st.integral && !integer && Number.isInteger(n) && !Number.isSafeInteger(n)) {
      const exact = st.integral(token);
      if (exact !== undefined) return exact;
    }
    // `JSON.parse` would make Infinity of it, which writes back as `null`: refused, not altered.
    // This also keeps BigInt from spending quadratic time on millions of digits.
    if (!Number.isFinite(n)) failAtPath(st, `Number past the largest double`, start);
    return integer && !Number.isSafeInteger(n) ? BigInt(token) : n;
  }
  if (st.integral && !integer) {
    const exact = st.integral(token);
    if (exact !== undefined) return exact;
  }
  // Only a plain integer token is a bigint: a fraction or exponent form (`1.0`, `1e2`) is a float
  // even when its value is whole. A token past the largest double is refused as JSON.parse + walk
  // refuse it (it reads Infinity).
  if (integer && Number.isFinite(n)) return BigInt(token);
  return failBigint(st, excerptAt(token, 0), start);
}

// Cursor and error reporting: where the parser is, which keys lead there, how a failure reads.

/** Where the exact parser is. */
interface State {
  /** The whole text. */
  readonly text: string;
  /** Offset of the next character to read. */
  pos: number;
  /** Keys and indexes from the root to the value being read. */
  readonly keys: (string | number)[];
  /** `ExactParseOptions.integralNumbers`: its reader, or none. */
  readonly integral: IntegralReader | undefined;
}

/** Throws a syntax error at `at` (default: the cursor). */
function fail(st: State, what: string, at = st.pos): never {
  const found = at >= st.text.length ? "end of text" : `${JSON.stringify(st.text[at])}`;
  throw new JsonDecodeError(`Invalid JSON: ${what} (found ${found} at position ${at})`, {
    position: at,
    excerpt: excerptAt(st.text, at),
  });
}

/** Throws a bigint error at the current path; `shown` is the value as excerpted for the message. */
function failBigint(st: State, shown: string, at: number): never {
  return failAtPath(st, `Expected ${BIGINT_EXPECTED}`, at, `, got ${shown}`, shown);
}

/** Throws `what` at the current path (a value that is valid JSON but cannot be decoded). */
function failAtPath(st: State, what: string, at = st.pos, tail = "", shown?: string): never {
  const path = st.keys.reduce<string>(pathStep, "$");
  const excerpt = shown ?? excerptAt(st.text, at);
  throw new JsonDecodeError(`${what} at ${path}${tail}`, { path, position: at, excerpt });
}

/** Moves the cursor past JSON white space. */
function skipSpace(st: State): void {
  const { text } = st;
  let c = text.charCodeAt(st.pos);
  while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++st.pos);
}
