/**
 * A state file whose appends fail on demand, as a full disk or a file-size limit makes them: a
 * short write then `ENOSPC`, `ENOSPC`, `EFBIG`, or a failed `fsync`; each armed fault fails one
 * append, and the next works again (room came back).
 */
import { fsyncSync, writeSync } from "node:fs";
import type { AppendCalls } from "../../../src/devserver/state/state-file.js";

export type Fault = "short write, then ENOSPC" | "ENOSPC" | "EFBIG" | "fsync EIO";

function errno(code: string): NodeJS.ErrnoException {
  const e: NodeJS.ErrnoException = new Error(`${code}: injected, write`);
  e.code = code;
  return e;
}

/** Append calls that fail once as `fault` says when armed, then work again (room came back). */
export function faultyCalls(): { calls: AppendCalls; arm(fault: Fault): void } {
  let armed: Fault | undefined;
  let shortDone = false;
  const calls: AppendCalls = {
    write(fd, data, offset, length) {
      if (armed === "short write, then ENOSPC" && !shortDone) {
        shortDone = true;
        return writeSync(fd, data, offset, Math.max(1, length >> 1));
      }
      if (armed !== undefined && armed !== "fsync EIO") {
        const code = armed === "EFBIG" ? "EFBIG" : "ENOSPC";
        armed = undefined;
        throw errno(code);
      }
      return writeSync(fd, data, offset, length);
    },
    sync(fd) {
      if (armed === "fsync EIO") {
        armed = undefined;
        throw errno("EIO");
      }
      fsyncSync(fd);
    },
  };
  return {
    calls,
    arm(fault) {
      armed = fault;
      shortDone = false;
    },
  };
}
