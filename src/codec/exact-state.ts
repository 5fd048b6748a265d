/**
 * Cursor and error reporting of the exact parser: where it is in the text, which keys lead there
 * (for the JSON path of a bigint error), and how a failure is described.
 */
import { JsonDecodeError } from "./errors.js";
import { excerptAt } from "./excerpt.js";
import { BIGINT_EXPECTED } from "./leaf.js";
import { pathStep } from "./locate.js";

/** Where the exact parser is. */
export interface State {
  /** The whole text. */
  readonly text: string;
  /** Offset of the next character to read. */
  pos: number;
  /** Keys and indexes from the root to the value being read. */
  readonly keys: (string | number)[];
}

/** Throws a syntax error at `at` (default: the cursor). */
export function fail(st: State, what: string, at = st.pos): never {
  const found = at >= st.text.length ? "end of text" : `${JSON.stringify(st.text[at])}`;
  throw new JsonDecodeError(`Invalid JSON: ${what} (found ${found} at position ${at})`, {
    position: at,
    excerpt: excerptAt(st.text, at),
  });
}

/** Throws a bigint error at the current path; `shown` is the value as excerpted for the message. */
export function failBigint(st: State, shown: string, at: number): never {
  const path = st.keys.reduce<string>((p, k) => pathStep(p, k), "$");
  throw new JsonDecodeError(`Expected ${BIGINT_EXPECTED} at ${path}, got ${shown}`, {
    path,
    position: at,
    excerpt: shown,
  });
}

/** Throws `what` at the current path (a value that is valid JSON but cannot be decoded). */
export function failAtPath(st: State, what: string, at = st.pos): never {
  const path = st.keys.reduce<string>((p, k) => pathStep(p, k), "$");
  throw new JsonDecodeError(`${what} at ${path}`, {
    path,
    position: at,
    excerpt: excerptAt(st.text, at),
  });
}

/** Moves the cursor past JSON white space. */
export function skipSpace(st: State): void {
  const { text } = st;
  let c = text.charCodeAt(st.pos);
  while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++st.pos);
}
