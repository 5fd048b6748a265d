/**
 * Schema versions (`vMAJOR.MINOR.PATCH`): parsing, order, and the breaking digit (the major, or
 * the minor while the major is 0).
 */

/** A parsed schema version. */
export interface SchemaVersion {
  major: number;
  minor: number;
  patch: number;
}

const VERSION = /^v?(\d{1,9})\.(\d{1,9})\.(\d{1,9})(?:[-+][0-9A-Za-z.+-]{0,64})?$/;

/** Parses `v1.2.3` (or `1.2.3`, with a pre-release or build suffix); `undefined` otherwise. */
export function parseSchemaVersion(text: string): SchemaVersion | undefined {
  const m = VERSION.exec(text.trim());
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) };
}

/** Whether `a` comes before `b` (major, minor, then patch; suffixes ignored). */
export const isOlderVersion = (a: SchemaVersion, b: SchemaVersion): boolean =>
  a.major !== b.major
    ? a.major < b.major
    : a.minor !== b.minor
      ? a.minor < b.minor
      : a.patch < b.patch;

/** The oldest version with the same breaking digit: `v0.4.0` for `v0.4.2`, `v2.0.0` for `v2.3.1`. */
export function breakingFloor(version: string): string {
  const v = parseSchemaVersion(version);
  if (!v) throw new TypeError(`not a schema version: ${JSON.stringify(version)}`);
  return v.major > 0 ? `v${v.major}.0.0` : `v0.${v.minor}.0`;
}
