/**
 * The chains' side of a state file (`serve --state FILE` on real chains): each chain the server
 * starts keeps its state in `FILE.chain-<id>.json` (dumped by anvil when it stops, which its
 * watchdog makes happen even when the server is killed), and `FILE.chains.pid` names the anvil
 * processes of the server that holds the file. A server restarted on the file first waits for the
 * previous server's anvils to finish writing their state (they stop once that server is gone),
 * then loads it.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { sleep } from "../../client/wait.js";
import { alive } from "./state-file.js";

/** Where the state of chain `chainId` is kept beside the state file `file`. */
export function chainStatePath(file: string, chainId: number): string {
  return `${file}.chain-${chainId}.json`;
}

function pidsPath(file: string): string {
  return `${file}.chains.pid`;
}

/** Whether `pid` is alive and, where the system says (Linux), an anvil watchdog or anvil. */
function stillRunning(pid: number): boolean {
  if (!alive(pid)) return false;
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, "latin1");
    return cmd.includes("anvil");
  } catch {
    // No /proc here (macOS) or the process just ended: trust the signal check.
    return true;
  }
}

/**
 * Waits until none of the anvil processes recorded beside `file` by the server that held it
 * before runs any more (each one writes its chain's state as it stops); throws after `limitMs`.
 */
export async function waitForPreviousChains(file: string, limitMs = 30_000): Promise<void> {
  let text = "";
  try {
    text = readFileSync(pidsPath(file), "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
    throw e;
  }
  const pids = text
    .split("\n")
    .filter((l) => /^\d{1,10}$/.test(l))
    .map(Number);
  const until = Date.now() + limitMs;
  for (;;) {
    const running = pids.filter(stillRunning);
    if (running.length === 0) return;
    if (Date.now() > until)
      throw new Error(
        `the chains of the server that used the state file ${file} before (process ${running.join(", ")}) are still running after ${limitMs} ms; stop them, then start again`,
      );
    await sleep(25);
  }
}

/** Records the anvil processes of the server now holding `file`. */
export function recordChains(file: string, pids: readonly number[]): void {
  writeFileSync(pidsPath(file), pids.map((p) => `${p}\n`).join(""), { mode: 0o600 });
}

/** Forgets them once they stopped. */
export function forgetChains(file: string): void {
  rmSync(pidsPath(file), { force: true });
}

/** Removes the chains' files of `file` (a start that failed on a file it created). */
export function discardChains(file: string, chainIds: readonly number[]): void {
  forgetChains(file);
  for (const id of chainIds) {
    rmSync(chainStatePath(file, id), { force: true });
    rmSync(`${chainStatePath(file, id)}.next`, { force: true });
  }
}
