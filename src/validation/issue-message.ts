/**
 * The message of a validator's error, written from its `keyword` and `params`. The generated
 * validators are emitted without messages (each error site would otherwise carry its own string);
 * this writes the text ajv would have written, for the keywords the schemas use, so that what a
 * caller reads is unchanged (a test holds the two equal over every error of a large mutation set).
 */

/** The largest uint256, which the amounts' bound message names as `2^256-1`. */
const MAX_UINT256 = String(2n ** 256n - 1n);

/** What an error says, given the keyword that failed and its parameters. */
export function issueMessage(keyword: string, params: Readonly<Record<string, unknown>>): string {
  const p = params as Record<string, string | number | readonly string[] | undefined>;
  switch (keyword) {
    case "type":
      return `must be ${p.type}`;
    case "required":
      return `must have required property '${p.missingProperty}'`;
    case "pattern":
      return `must match pattern "${p.pattern}"`;
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return `must be ${p.comparison} ${p.limit}`;
    case "maxItems":
    case "minItems":
      return `must NOT have ${keyword === "maxItems" ? "more" : "fewer"} than ${p.limit} items`;
    case "maxLength":
    case "minLength":
      return `must NOT have ${keyword === "maxLength" ? "more" : "fewer"} than ${p.limit} characters`;
    case "maxChars":
      return `must NOT have more than ${p.limit} characters`;
    case "enum":
      return "must be equal to one of the allowed values";
    case "anyOf":
      return "must match a schema in anyOf";
    case "if":
      return `must match "${p.failingKeyword}" schema`;
    case "not":
      return "must NOT be valid";
    case "propertyNames":
      return "property name must be valid";
    case "exactInteger": {
      const tail = "a bigint, a JSON integer or a decimal string";
      if (p.minimum === undefined) return `must be an integer: ${tail}`;
      const max = String(p.maximum) === MAX_UINT256 ? "2^256-1" : String(p.maximum);
      return `must be an integer from ${p.minimum} to ${max}: ${tail}`;
    }
    case "exactInt64":
      return "must be a 64-bit integer: a safe integer or a bigint (>= 0 when unsigned)";
    default:
      return `fails ${keyword}`;
  }
}
