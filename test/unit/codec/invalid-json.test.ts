import { describe, expect, it } from "vitest";
import { JsonDecodeError, parseJson } from "../../../src/codec/index.js";

function decodeError(text: string): JsonDecodeError {
  try {
    parseJson(text, "QuoteIntentResponse");
  } catch (e) {
    expect(e).toBeInstanceOf(JsonDecodeError);
    expect(e).toBeInstanceOf(Error);
    return e as JsonDecodeError;
  }
  throw new Error("expected a JsonDecodeError");
}

describe("text that is not JSON", () => {
  it("an HTML error page: typed error, position, short safe excerpt", () => {
    const html = `<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body>${"x".repeat(5000)}</body></html>`;
    const e = decodeError(html);
    expect(e.name).toBe("JsonDecodeError");
    expect(e.position).toBe(0);
    expect(e.excerpt?.startsWith("<!DOCTYPE html> <html>")).toBe(true);
    expect(e.excerpt?.length).toBeLessThanOrEqual(80);
    expect(e.message.length).toBeLessThan(200);
  });

  it("truncated JSON: position at the end", () => {
    const text = '{"intent":{"salt":"123","quote":{"fromAmount":15000';
    const e = decodeError(text.slice(0, 30));
    expect(e.position).toBe(30);
    expect(e.message).toContain("end of text");
  });

  it("empty body", () => {
    expect(decodeError("").position).toBe(0);
  });

  it.each([
    ['{"a":1,}', 7],
    ['{"a" 1}', 5],
    ["[1 2]", 3],
    ['{"a":01}', 6],
    ['{"a":"\u0001"}', 6],
    ['{"a":"\\x"}', 5],
    ['{"a":1} x', 8],
    ["{'a':1}", 1],
    ['{"a":NaN}', 5],
  ])("%j fails at position %d", (text, position) => {
    expect(decodeError(text).position).toBe(position);
  });

  it("excerpts never carry control or bidi characters", () => {
    const e = decodeError(`\u001b[31m\u202e${"<".repeat(200)}`);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must be absent
    expect(e.excerpt).not.toMatch(/[\u0000-\u001f\u202e]/);
    expect(e.excerpt?.length).toBeLessThanOrEqual(80);
  });

  it("the excerpt is centred on the error in a long text", () => {
    const text = `{"intents":[${'{"a":1},'.repeat(100)}{"a":1]}`;
    const e = decodeError(text);
    expect(e.position).toBe(text.length - 2);
    expect(e.excerpt).toContain('{"a":1]');
    expect(e.excerpt?.length).toBeLessThanOrEqual(80);
  });
});
