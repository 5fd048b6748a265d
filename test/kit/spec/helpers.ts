/** Builds schema pairs for the diff tests: the base fixture and an edited copy of it. */
import { readFileSync } from "node:fs";
import { parseRidl, type Schema } from "../../../scripts/ridl/index.js";

/** Path of the base fixture. */
export const BASE_FIXTURE = "test/fixtures/spec/base.ridl";

/** The base fixture's text. */
export const baseText = (): string => readFileSync(BASE_FIXTURE, "utf8");

/** Replaces each `[from, to]` once in `text`; fails when `from` is absent (a stale edit). */
export function edit(text: string, edits: readonly (readonly [string, string])[]): string {
  let out = text;
  for (const [from, to] of edits) {
    if (!out.includes(from)) throw new Error(`edit target not found: ${JSON.stringify(from)}`);
    out = out.replace(from, to);
  }
  return out;
}

/** Parses RIDL text as the fixture file. */
export const parse = (text: string): Schema => parseRidl(text, BASE_FIXTURE);
