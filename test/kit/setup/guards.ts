/**
 * Guards that keep a tier honest: a test that opens a socket or starts a process where its tier
 * forbids it fails at once with an error naming the tier to move it to, instead of passing slowly.
 */
import childProcess, { ChildProcess } from "node:child_process";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";

/** An error for `what`, done in a tier that forbids it. */
function refused(tier: string, what: string, move: string): Error {
  return new Error(
    `the ${tier} tier forbids ${what}: move this test file to ${move} (see docs/development.md)`,
  );
}

/** Makes listening and connecting sockets throw: the unit tier opens no socket. */
export function forbidSockets(tier: string, move: string): void {
  net.Server.prototype.listen = function listen(): never {
    throw refused(tier, "listening on a socket", move);
  };
  net.Socket.prototype.connect = function connect(): never {
    throw refused(tier, "connecting a socket", move);
  };
}

/** Makes every way of starting a child process throw. */
export function forbidChildProcesses(tier: string, move: string): void {
  const refuse = (): never => {
    throw refused(tier, "starting a child process", move);
  };
  // `spawn`, `exec`, `execFile` and `fork` all start through this (internal) method.
  (ChildProcess.prototype as unknown as { spawn: unknown }).spawn = refuse;
  // The synchronous helpers do not go through `ChildProcess`; replace them on the module, then
  // copy the replacements into the module's ESM bindings (`import { spawnSync } from ...`).
  const mutable = childProcess as unknown as Record<string, unknown>;
  for (const name of ["spawnSync", "execSync", "execFileSync"]) mutable[name] = refuse;
  syncBuiltinESMExports();
}
