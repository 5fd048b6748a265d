import { describe, expect, it } from "vitest";
import {
  formatPercent,
  formatTokenAmount,
  formatUnits,
  formatUsd,
} from "../../../src/demo/amounts.js";

describe("formatUnits", () => {
  it("places the decimal point exactly, at any magnitude", () => {
    expect(formatUnits(25_166_782n, 6)).toBe("25.166782");
    expect(formatUnits(25_000_000n, 6)).toBe("25");
    expect(formatUnits(1n, 18)).toBe("0.000000000000000001");
    expect(formatUnits(0n, 6)).toBe("0");
    expect(formatUnits(-1_500_000n, 6)).toBe("-1.5");
    expect(formatUnits(2n ** 256n - 1n, 18)).toBe(
      "115792089237316195423570985008687907853269984665640564039457.584007913129639935",
    );
    expect(formatUnits(123n, 0)).toBe("123");
  });

  it("cuts (never rounds) to maxFractionDigits and groups thousands", () => {
    expect(formatUnits(1_999_999n, 6, { maxFractionDigits: 2 })).toBe("1.99");
    expect(formatUnits(1_234_567_000_000n, 6, { groupSeparator: "," })).toBe("1,234,567");
    expect(formatTokenAmount(41_541n, { decimals: 6, symbol: "USDC" })).toBe("0.041541 USDC");
  });

  it("rejects impossible decimals", () => {
    expect(() => formatUnits(1n, -1)).toThrow(RangeError);
    expect(() => formatUnits(1n, 1.5)).toThrow(RangeError);
  });
});

describe("USD and percentages", () => {
  it("shows cents, or four digits below a cent", () => {
    expect(formatUsd(25.166782)).toBe("$25.17");
    expect(formatUsd(0.0015)).toBe("$0.0015");
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(1234.5)).toBe("$1,234.50");
  });

  it("turns fractions into percentages without float noise", () => {
    expect(formatPercent(0.005)).toBe("0.5%");
    expect(formatPercent(0.001001)).toBe("0.1001%");
  });
});
