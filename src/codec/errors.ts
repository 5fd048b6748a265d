import { pathStep } from "./paths.js";

/** What a decoding error knows of where it happened. */
export interface JsonDecodeErrorDetails {
  /** JSON path of the offending value, e.g. `$.intent.quote.fromAmount`. */
  path?: string;
  /** A short excerpt of the offending text (at most 80 characters, control characters removed). */
  excerpt?: string;
  /** Offset in the text (UTF-16 code units) where the error was found. */
  position?: number;
}

/**
 * The text could not be decoded: it is not JSON (an HTML page, a truncated body), or a bigint field
 * holds something other than an integer or a decimal string. Messages never hold more of the text
 * than `excerpt`.
 *
 * @example
 * try { parseJson(body, "QuoteIntentResponse") }
 * catch (e) { if (e instanceof JsonDecodeError) console.warn(e.path, e.position, e.excerpt) }
 */
export class JsonDecodeError extends Error {
  /** JSON path of the offending value, when the text was JSON. */
  readonly path?: string;
  /** Short, safe excerpt of the offending text. */
  readonly excerpt?: string;
  /** Offset in the text where the error was found, when known. */
  readonly position?: number;

  constructor(message: string, details: JsonDecodeErrorDetails = {}) {
    super(message);
    this.name = "JsonDecodeError";
    for (const k of ["path", "excerpt", "position"] as const) {
      if (details[k] !== undefined) Reflect.set(this, k, details[k]);
    }
  }
}

/**
 * A value could not be written as JSON without altering it: a `number` on a bigint field that is
 * not a safe integer (its digits are already lost, or it is not an integer), a cycle, nesting
 * deeper than the codec's limit (`MAX_DEPTH`), or a root that JSON cannot hold. A `TypeError`, as
 * `JSON.stringify`'s own refusals are.
 *
 * @example
 * try { stringifyJson({ intent }, "CommitIntentRequest") }
 * catch (e) { if (e instanceof JsonEncodeError) console.warn(e.path) } // "$.intent.salt"
 */
export class JsonEncodeError extends TypeError {
  /** JSON path of the offending value, e.g. `$.intent.quote.fromAmount`. */
  readonly path: string;
  /** JSON pointer of the offending value, e.g. `/intent/quote/fromAmount` (`""` for the root). */
  readonly pointer: string;

  /** `what` went wrong at the value reached by `keys` from the root; the message ends with the path. */
  constructor(what: string, keys: readonly (string | number)[]) {
    const path = keys.reduce<string>((p, k) => pathStep(p, k), "$");
    super(`${what} at ${path}`);
    this.name = "JsonEncodeError";
    this.path = path;
    this.pointer = keys
      .map((k) => `/${String(k).replace(/~/g, "~0").replace(/\//g, "~1")}`)
      .join("");
  }
}
