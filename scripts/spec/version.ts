/**
 * The schema's version and the release rule: a change that breaks old clients against a new
 * server needs the breaking digit bumped (the major, or the minor while the major is 0).
 */

/** A parsed `vMAJOR.MINOR.PATCH` (pre-release and build suffixes ignored). */
export interface Version {
  major: number;
  minor: number;
  patch: number;
}

/** Parses `v1.2.3`, `1.2.3` or `v1.2.3-rc.1+b`; `undefined` for anything else. */
export function parseVersion(text: string): Version | undefined {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(text.trim());
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) };
}

/** The digit a breaking change must raise: the major, or the minor while the major is 0. */
export function breakingDigit(v: Version): string {
  return v.major > 0 ? `${v.major}` : `0.${v.minor}`;
}

/** Whether `after` raises the breaking digit of `before`. */
export function bumpsBreakingDigit(before: string, after: string): boolean {
  const a = parseVersion(before);
  const b = parseVersion(after);
  if (!a || !b) return false;
  if (b.major !== a.major) return b.major > a.major;
  return a.major === 0 && b.minor > a.minor;
}
