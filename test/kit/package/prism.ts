/**
 * Stoplight Prism (pinned 5.14.2, the last release that runs on Node 20) run on the published
 * OpenAPI document as a child process on loopback: `prism mock` (answers from the document's
 * examples) or `prism proxy --errors` (forwards to a server and turns any request or answer that
 * breaks the document into an error, logging the violation).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { freePort, repoPath } from "../runtimes/harness.js";

/** A running Prism. */
export interface Prism {
  /** Its base URL (`http://127.0.0.1:<port>`). */
  url: string;
  /** Everything it has logged so far. */
  log(): string;
  /** Stops it (SIGTERM to the process this helper started) and waits for it to exit. */
  close(): Promise<void>;
}

/** How long Prism may take to read the document and listen. */
const START_TIMEOUT_MS = 60_000;

/** Starts `prism mock <spec>`, or `prism proxy <spec> <upstream> --errors` when given one. */
export async function startPrism(spec: string, upstream?: string): Promise<Prism> {
  const port = await freePort();
  const args = upstream === undefined ? ["mock", spec] : ["proxy", spec, upstream, "--errors"];
  const child = spawn(
    repoPath("node_modules/.bin/prism"),
    [...args, "--host", "127.0.0.1", "--port", String(port)],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
  );
  let log = "";
  child.stdout?.on("data", (c: Buffer) => {
    log += c.toString("utf8");
  });
  child.stderr?.on("data", (c: Buffer) => {
    log += c.toString("utf8");
  });
  await listening(child, () => log);
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => log,
    close: () => stop(child),
  };
}

/** Resolves once Prism says it listens; rejects if it exits or takes too long. */
function listening(child: ChildProcess, log: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`prism did not start:\n${log()}`));
    }, START_TIMEOUT_MS);
    const check = () => {
      if (!log().includes("Prism is listening")) return;
      clearTimeout(timer);
      child.stdout?.off("data", check);
      resolve();
    };
    child.stdout?.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`prism exited (${code}) before listening:\n${log()}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
