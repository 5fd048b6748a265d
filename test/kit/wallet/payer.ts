/**
 * A paying child process (`child-race.ts`), loaded once: each `pay` hands it one intent and a
 * store directory and resolves with what `executeWithWallet` did there.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { expect } from "vitest";
import { repoPath } from "../runtimes/harness.js";

/** What the child's `executeWithWallet` did: its result, or the wire name of its error. */
export interface Outcome {
  hash?: string;
  reused?: boolean;
  status?: string;
  error?: string;
  message?: string;
}

export interface Payer {
  pay(intentId: string, dir: string): Promise<Outcome>;
  stop(): Promise<void>;
}

export async function payer(args: string[]): Promise<Payer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", repoPath("test/kit/wallet/child-race.ts"), ...args],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const waiting: ((line: string) => void)[] = [];
  let buffer = "";
  child.stdout?.on("data", (c: Buffer) => {
    buffer += c.toString();
    for (let i = buffer.indexOf("\n"); i >= 0; i = buffer.indexOf("\n")) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      waiting.shift()?.(line);
    }
  });
  const next = () => new Promise<string>((r) => waiting.push(r));
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  expect(await next()).toBe("ready");
  return {
    pay(intentId, dir) {
      const line = next();
      child.stdin?.write(`${intentId} ${dir}\n`);
      return line.then((l) => JSON.parse(l) as Outcome);
    },
    stop() {
      child.stdin?.end();
      return exited;
    },
  };
}
