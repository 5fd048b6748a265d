/**
 * `npm ci` on the Node this runs on warns about no engine: every package in the lockfile accepts
 * this Node (the package says Node ≥ 20, so its development tools must run there too). Ranges are
 * read by a small evaluator of what `engines.node` fields use (`>=`, `>`, `<`, `<=`, `^`, `~`, a
 * bare major, `||`, `*`).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repoPath } from "../../kit/runtimes/harness.js";

type Version = [number, number, number];

function versionOf(text: string): Version {
  const [a = 0, b = 0, c = 0] = text
    .replace(/^[v=]/, "")
    .split(".")
    .map((p) => (p === "x" || p === "*" ? 0 : Number.parseInt(p, 10)));
  return [a, b, c];
}

function compare(x: Version, y: Version): number {
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  return 0;
}

/** Whether `v` satisfies one comparator (`>=20.19.0`, `^20.0.0`, `20`, `~18.1`). */
function satisfiesOne(v: Version, comparator: string): boolean {
  const m = /^(>=|<=|>|<|\^|~|=)?\s*v?(\d+(?:\.[\dx*]+){0,2}|\*)$/.exec(comparator);
  if (m === null) throw new Error(`unread engines comparator ${JSON.stringify(comparator)}`);
  const [, op = "", text = ""] = m;
  if (text === "*") return true;
  const parts = text.split(".").length;
  const w = versionOf(text);
  const c = compare(v, w);
  if (op === ">=") return c >= 0;
  if (op === ">") return c > 0;
  if (op === "<=") return c <= 0;
  if (op === "<") return c < 0;
  if (op === "^") return c >= 0 && v[0] === w[0];
  if (op === "~") return c >= 0 && v[0] === w[0] && (parts < 2 || v[1] === w[1]);
  // A bare version: that major (and minor, patch when given).
  return v[0] === w[0] && (parts < 2 || v[1] === w[1]) && (parts < 3 || v[2] === w[2]);
}

/** Whether `v` satisfies an `engines.node` range. */
function satisfies(v: Version, range: string): boolean {
  return range.split("||").some((alt) => {
    const comparators = alt
      .trim()
      .replace(/(>=|<=|>|<|\^|~|=)\s+/g, "$1")
      .split(/\s+/)
      .filter((x) => x !== "");
    return comparators.length === 0 || comparators.every((c) => satisfiesOne(v, c));
  });
}

describe("engines", () => {
  it("are read as npm reads them", () => {
    expect(satisfies([20, 20, 2], ">=22")).toBe(false);
    expect(satisfies([20, 20, 2], ">=20")).toBe(true);
    expect(satisfies([20, 20, 2], "^20.19.0 || >=22.12.0")).toBe(true);
    expect(satisfies([20, 18, 0], "^20.19.0 || >=22.12.0")).toBe(false);
    expect(satisfies([20, 20, 2], "18 || 20 || >=22")).toBe(true);
    expect(satisfies([21, 0, 0], "18 || 20 || >=22")).toBe(false);
    expect(satisfies([20, 20, 2], ">=22.12.0 || >=20.19.0 <21.0.0")).toBe(true);
    expect(satisfies([20, 20, 2], "~20.20")).toBe(true);
    expect(satisfies([20, 20, 2], "*")).toBe(true);
  });

  it("of every package in the lockfile accept this Node, so npm ci warns EBADENGINE for none", () => {
    const lock = JSON.parse(readFileSync(repoPath("package-lock.json"), "utf8")) as {
      packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
    };
    const here = versionOf(process.versions.node);
    const refused = Object.entries(lock.packages)
      .filter(([, p]) => {
        const node = Array.isArray(p.engines) ? undefined : p.engines?.node;
        return node !== undefined && !satisfies(here, node);
      })
      .map(([name, p]) => `${name} (${(p.engines as { node: string }).node})`);
    expect(refused).toEqual([]);
  });
});
