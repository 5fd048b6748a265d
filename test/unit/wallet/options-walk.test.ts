/**
 * The walk of `executeWithWallet`'s options through the sources (`scripts/options-walk.ts`,
 * `npm run walk`): a reader following the options from the entry returns to a file already left
 * at most 8 times, and the walk itself follows the options where they go.
 */
import { describe, expect, it } from "vitest";
import { walkOptions } from "../../../scripts/options-walk.js";

/** The bar: returns to a file already left (files entered and re-entered). */
const MAX_RETURNS = 8;

const walk = walkOptions();

describe("the walk of executeWithWallet's options", () => {
  it("returns to a file already left at most 8 times", () => {
    expect(walk.returns).toBeLessThanOrEqual(MAX_RETURNS);
    expect(walk.returns).toBe(walk.stays.length - walk.files);
  });

  it("follows the options through both payment methods, in call order", () => {
    const names = walk.steps.map((s) => s.name);
    expect(names[0]).toBe("executeWithWallet");
    // The guard, the two methods behind it, and ExecuteIntent are all reached with the options.
    for (const name of ["preflight", "underClaim", "permitDeposit", "transfer", "execute"]) {
      expect(names).toContain(name);
    }
    // The checks before anything is signed come before the first payment method.
    expect(names.indexOf("checkCallerBounds")).toBeLessThan(names.indexOf("permitDeposit"));
    expect(names.indexOf("preflight")).toBeLessThan(names.indexOf("transfer"));
    // Every step is a source function, in the file the TypeScript checker resolved.
    for (const s of walk.steps) expect(s.file).toMatch(/^src\/.+\.ts$/);
    expect(walk.files).toBe(new Set(walk.steps.map((s) => s.file)).size);
  });
});
