import { describe, expect, it } from "vitest";
import {
  containsSecret,
  REDACTED,
  redactCause,
  redactExcerpt,
  redactText,
} from "../../../src/errors/redact.js";

describe("the key is replaced as a whole, never pieces of words", () => {
  it("in any case", () => {
    const key = "ak_Live_0123456789ABCdef";
    expect(redactText(`a ${key.toUpperCase()} b ${key.toLowerCase()}`, key)).toBe(
      `a ${REDACTED} b ${REDACTED}`,
    );
    expect(redactText("x-access-key: K", "k")).toBe(`x-access-key: ${REDACTED}`);
    expect(redactText("a.b a+b", "A+B")).toBe(`a.b ${REDACTED}`);
    expect(redactExcerpt(`${key.slice(-7).toLowerCase()} tail`, key)).toBe(`${REDACTED} tail`);
  });

  it("percent-encoded too, as a URL or a query string echoes it", () => {
    const key = "ak+Live/0123456789==";
    expect(redactText(`?key=ak%2BLive%2F0123456789%3D%3D&x=1`, key)).toBe(`?key=${REDACTED}&x=1`);
    expect(redactText(`raw ${key} and AK%2bLIVE%2f0123456789%3d%3d`, key)).toBe(
      `raw ${REDACTED} and ${REDACTED}`,
    );
    expect(containsSecret("ak%2BLive%2F0123456789%3D%3D", key)).toBe(true);
  });

  it("a one-letter key leaves words alone", () => {
    const text = "GetIntent request /destinationTokenAmount: must be a string (key k)";
    expect(redactText(text, "k")).toBe(
      "GetIntent request /destinationTokenAmount: must be a string (key [redacted])",
    );
    expect(redactText("/destinationTokenAmount", "o")).toBe("/destinationTokenAmount");
    expect(containsSecret("/destinationTokenAmount", "k")).toBe(false);
  });

  it("a short key is replaced where it stands alone: quotes, headers, query strings", () => {
    const key = "abc123";
    expect(redactText(`{"key":"${key}"}`, key)).toBe(`{"key":"${REDACTED}"}`);
    expect(redactText(`x-access-key: ${key}`, key)).toBe(`x-access-key: ${REDACTED}`);
    expect(redactText(`?k=${key}&x=1`, key)).toBe(`?k=${REDACTED}&x=1`);
    expect(redactText(`${key} ${key}`, key)).toBe(`${REDACTED} ${REDACTED}`);
    expect(redactText(`xabc123 abc1234 abc123`, key)).toBe(`xabc123 abc1234 ${REDACTED}`);
  });

  it("a key starting or ending with punctuation is matched on its word edges only", () => {
    expect(redactText("a-b- -b-c", "-b-")).toBe(`a${REDACTED} ${REDACTED}c`);
  });

  it("a long key is replaced wherever it occurs, inside a word too", () => {
    const key = "ak_live_0123456789abcdef";
    expect(redactText(`prefix${key}suffix`, key)).toBe(`prefix${REDACTED}suffix`);
    expect(containsSecret(`xx${key}yy`, key)).toBe(true);
  });

  it("an excerpt cut through a long key hides the part it shows", () => {
    const key = "ak_live_0123456789abcdef";
    expect(redactExcerpt(`…body ${key.slice(0, 9)}…`, key)).toBe(`…body ${REDACTED}…`);
    expect(redactExcerpt(`${key.slice(-7)} tail`, key)).toBe(`${REDACTED} tail`);
    // Cut at both edges, as `excerptAt` cuts: the ellipses stay, the pieces of the key do not.
    expect(redactExcerpt(`…${key.slice(-14)} tail ${key.slice(0, 5)}…`, key)).toBe(
      `…${REDACTED} tail ${REDACTED}…`,
    );
    expect(redactExcerpt("…", key)).toBe("…");
    expect(redactExcerpt("nothing here", key)).toBe("nothing here");
    expect(redactExcerpt("short ab", "ab")).toBe(`short ${REDACTED}`);
  });

  it("causes are copied, and only the key as a whole is replaced in them", () => {
    const clean = new Error("bad /destinationTokenAmount");
    expect((redactCause(clean, "k") as Error).message).toBe(clean.message);
    const dirty = redactCause(new Error("sent k to the server"), "k") as Error;
    expect(dirty.message).toBe(`sent ${REDACTED} to the server`);
  });
});
