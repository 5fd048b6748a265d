import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { connectionCap, connectionLimits } from "../../../src/devserver/node/connection-limits.js";
import {
  openFileLimit,
  parseLimit,
  parseProcLimits,
} from "../../../src/devserver/node/descriptor-limit.js";

describe("the open-file limit", () => {
  it("is what `ulimit -n` shows a shell started from this process", () => {
    const shown = execFileSync("/bin/sh", ["-c", "ulimit -n"], { encoding: "utf8" }).trim();
    expect(openFileLimit()).toBe(shown === "unlimited" ? undefined : Number(shown));
  });

  it("is read from /proc/self/limits and from `ulimit -n` output", () => {
    const proc = [
      "Limit                     Soft Limit           Hard Limit           Units     ",
      "Max processes             96365                96365                processes ",
      "Max open files            1024                 4096                 files     ",
    ].join("\n");
    expect(parseProcLimits(proc)).toBe(1024);
    expect(parseProcLimits(proc.replace("1024 ", "unlimited"))).toBeUndefined();
    expect(parseProcLimits("Max processes 1")).toBeUndefined();
    expect(parseLimit("256\n")).toBe(256);
    for (const text of ["unlimited", "", "0", "-1", "1e3"])
      expect(parseLimit(text)).toBeUndefined();
  });
});

describe("connection limits", () => {
  it("keep a reserve below the open-file limit for the process's own files", () => {
    expect(connectionCap(1024)).toBe(921);
    expect(connectionCap(256)).toBe(224);
    expect(connectionCap(20_000)).toBe(18_976);
    expect(connectionCap(1_048_576)).toBe(1_047_552);
    expect(connectionCap(16)).toBe(1);
    expect(connectionCap(undefined)).toBe(10_000);
  });

  it("apply the defaults, take overrides, and refuse what Node would", () => {
    expect(connectionLimits({}, 1024)).toEqual({
      descriptorLimit: 1024,
      maxConnections: 921,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
    });
    expect(
      connectionLimits({ maxConnections: 50, keepAliveTimeoutMs: 1 }, undefined),
    ).toMatchObject({
      maxConnections: 50,
      keepAliveTimeoutMs: 1,
    });
    expect(() => connectionLimits({ maxConnections: 0 }, 1024)).toThrow(
      "connections.maxConnections must be a whole number >= 1, not 0",
    );
    expect(() => connectionLimits({ headersTimeoutMs: 1.5 }, 1024)).toThrow(RangeError);
    expect(() =>
      connectionLimits({ headersTimeoutMs: 2_000, requestTimeoutMs: 1_000 }, 1024),
    ).toThrow("connections.headersTimeoutMs must not exceed requestTimeoutMs");
  });
});
