/**
 * The chains' ports kept with a state file (`FILE.chain-ports.json`, written once the chains
 * listen) and reused at the next start when still free (`choosePorts` in the chains room), so
 * that an app's `.env` or a wallet's custom network keeps working across restarts.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";

/** Where the ports of the chains started beside the state file `file` are kept. */
export function chainPortsPath(file: string): string {
  return `${file}.chain-ports.json`;
}

/** The ports kept beside `file`, by chain id; none when absent or unreadable. */
export function readKeptPorts(file: string): Record<number, number> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(chainPortsPath(file), "utf8"));
  } catch {
    return {};
  }
  const ports: Record<number, number> = {};
  if (typeof parsed !== "object" || parsed === null) return ports;
  for (const [id, port] of Object.entries(parsed))
    if (/^\d{1,15}$/.test(id) && Number.isInteger(port) && port > 0 && port < 65536)
      ports[Number(id)] = port as number;
  return ports;
}

/** Keeps the ports of the chains at `rpcUrls` (by chain id) beside `file`. */
export function writeKeptPorts(file: string, rpcUrls: Readonly<Record<number, string>>): void {
  const ports: Record<number, number> = {};
  for (const [id, url] of Object.entries(rpcUrls)) {
    const port = Number(new URL(url).port);
    if (port > 0) ports[Number(id)] = port;
  }
  writeFileSync(chainPortsPath(file), `${JSON.stringify(ports)}\n`, { mode: 0o600 });
}

/** Removes the kept ports of `file` (a start that failed on a file it created). */
export function discardKeptPorts(file: string): void {
  rmSync(chainPortsPath(file), { force: true });
}
