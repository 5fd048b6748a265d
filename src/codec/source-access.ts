/**
 * Feature detection of JSON.parse source text access (TC39 "JSON.parse source text access":
 * a reviver's third argument `{ source }`, and `JSON.rawJSON`). V8 ships it from 11.4 (Node 21+,
 * Chrome 114+); Node 20's V8 11.3 has it only behind `--harmony-json-parse-with-source`.
 */

let detected: boolean | undefined;

/** Whether this runtime's `JSON.parse` hands revivers the source text of primitive values. */
export function hasJsonParseSource(): boolean {
  if (detected === undefined) {
    let source: unknown;
    try {
      JSON.parse("12345678901234567890", (_key, value, context?: { source?: unknown }) => {
        source = context?.source;
        return value;
      });
    } catch {
      source = undefined;
    }
    detected = source === "12345678901234567890";
  }
  return detected;
}
