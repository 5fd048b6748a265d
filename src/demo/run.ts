/**
 * `xchain-intents demo`: one real intent through the public client, against the embedded dev
 * server (started on loopback) or a service given by `--base-url`.
 */

import { startDevServer } from "../devserver/index.js";
import { createClient, isServiceError } from "../index.js";
import { USAGE_EXIT } from "../internal/command/usage-error.js";
import { packageVersion } from "../internal/command/version.js";
import type { DemoContext } from "./context.js";
import { DISCOVERY_PATH, type DiscoveredChains, discoverChains } from "./discover.js";
import { DEMO_USAGE, parseDemoArgs } from "./options.js";
import { commit, execute, follow, showBalances } from "./steps-execute.js";
import { payRoutes, quote } from "./steps-quote.js";
import { getBack, search } from "./steps-read.js";
import { createStyle } from "./style.js";
import { summaryTable } from "./summary.js";
import { balances } from "./wallet.js";

/** Where the demo writes and what it reads. */
export interface DemoIO {
  /** Standard output; `isTTY` turns on colours and the live progress line. */
  stdout: { write(text: string): unknown; isTTY?: boolean };
  /** Standard error. */
  stderr: { write(text: string): unknown };
  /** Environment variables (`XCHAIN_INTENTS_BASE_URL`, `XCHAIN_INTENTS_ACCESS_KEY`, `NO_COLOR`). */
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * Runs the demo; resolves with the exit code (0 when the intent succeeded).
 *
 * @example
 * process.exitCode = await runDemo(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
 */
export async function runDemo(args: readonly string[], io: DemoIO): Promise<number> {
  let options: ReturnType<typeof parseDemoArgs>;
  try {
    options = parseDemoArgs(args, io.env);
  } catch (error) {
    const message = (error as Error).message;
    io.stderr.write(
      `xchain-intents demo: ${message}\nRun "xchain-intents demo --help" for usage.\n`,
    );
    return USAGE_EXIT;
  }
  if (options.help || options.version) {
    io.stdout.write(options.help ? DEMO_USAGE : `${packageVersion()}\n`);
    return 0;
  }
  const tty = io.stdout.isTTY === true;
  const style = createStyle(tty && !io.env.NO_COLOR);
  const started = Date.now();
  const server =
    options.baseUrl === undefined
      ? await embeddedServer(options.stageMs, options.chains, io)
      : undefined;
  if (server?.notice !== undefined) io.stderr.write(`xchain-intents demo: ${server.notice}\n`);
  const baseUrl = server?.url ?? (options.baseUrl as string);
  const accessKey = server?.accessKey ?? options.accessKey;
  // The embedded server's chains, or those a dev server given by --base-url describes.
  const found = server ? fromServer(server) : await discoverChains(baseUrl, accessKey);
  // On real chains the owner is a funded test account, whose wallet sends the deposit.
  const onChains = found?.mode === "chains";
  const account = !onChains
    ? undefined
    : options.ownerGiven
      ? found.testAccounts.find((a) => a.address.toLowerCase() === options.owner.toLowerCase())
      : found.testAccounts[0];
  if (onChains && account === undefined) {
    const simulated = server ? "run with --simulated" : "start the server with --simulated";
    io.stderr.write(
      `xchain-intents demo: on real chains the owner must be a funded test account (${found.testAccounts[0]?.address}, …): drop --owner or pass one of them; or ${simulated}\n`,
    );
    await server?.close();
    return USAGE_EXIT;
  }
  const service = server
    ? `${baseUrl} (embedded dev server)`
    : found === undefined
      ? baseUrl
      : `${baseUrl} (dev server, ${found.mode === "chains" ? "real local chains" : "simulated"}: from GET ${DISCOVERY_PATH})`;
  const ctx: DemoContext = {
    client: createClient({ baseUrl, ...(accessKey === undefined ? {} : { accessKey }) }),
    line: (text = "") => io.stdout.write(`${text}\n`),
    sink: { write: (text) => io.stdout.write(text) },
    style,
    live: options.live ?? tty,
    owner: account?.address ?? options.owner,
    deposit: onChains ? "chains" : found?.mode === "simulated" ? "simulated" : "none",
    chains:
      found && account ? { rpcUrls: found.rpcUrls, privateKey: account.privateKey } : undefined,
  };
  try {
    ctx.line(style.bold("xchain-intents demo"));
    ctx.line(`  service     ${service}`);
    ctx.line(`  access key  ${accessKey === undefined ? "(none)" : mask(accessKey)}`);
    const origin = await payRoutes(ctx);
    const quoted = await quote(ctx, origin);
    const committed = await commit(ctx, quoted);
    if (ctx.deposit === "none") {
      ctx.line();
      ctx.line(noWalletNote(baseUrl));
      return 0;
    }
    const before = await execute(ctx, committed, quoted, origin);
    const followed = await follow(ctx, committed.intentId);
    if (before && ctx.chains)
      showBalances(ctx, quoted.intent, origin, await balances(ctx.chains, quoted.intent), before);
    const intent = await getBack(ctx, committed.intentId, quoted);
    const found = await search(ctx, intent);
    ctx.line();
    io.stdout.write(
      summaryTable({ service, origin, quoted, followed, found, totalMs: Date.now() - started }),
    );
    return followed.final.status === "SUCCEEDED" ? 0 : 1;
  } catch (error) {
    io.stderr.write(`\nxchain-intents demo failed: ${describeError(error)}\n`);
    return 1;
  } finally {
    await server?.close();
  }
}

/**
 * The embedded dev server, on real local chains when anvil and viem are installed; otherwise
 * simulated, which the demo says once.
 */
async function embeddedServer(stageMs: number, chains: boolean, io: DemoIO) {
  const durations = { stageMs };
  if (!chains) return startDevServer({ port: 0, durations });
  try {
    await import("viem"); // the wallet that sends the deposit
    return await startDevServer({ port: 0, durations, chains: "auto" });
  } catch (error) {
    io.stderr.write(
      `xchain-intents demo: no local chains (${(error as Error).message}); running simulated, with no deposit\n`,
    );
    return startDevServer({ port: 0, durations });
  }
}

/** The embedded server's chains and accounts, as discovery would describe them. */
function fromServer(server: Awaited<ReturnType<typeof startDevServer>>): DiscoveredChains {
  return {
    mode: server.mode,
    rpcUrls: Object.fromEntries(
      Object.entries(server.chains).map(([id, c]) => [Number(id), c.rpcUrl]),
    ),
    testAccounts: [...server.testAccounts],
  };
}

/** Why the demo stops after the commit on a service that is not a dev server. */
function noWalletNote(baseUrl: string): string {
  return (
    `Stopping after the commit: ${baseUrl} did not describe its chains (GET ${DISCOVERY_PATH} ` +
    "answers on the dev server only), so the demo has no wallet to deposit from there, and it " +
    "never sends a made-up deposit hash. The intent expires unexecuted. To see the whole flow, " +
    "run the demo with no --base-url, or against `xchain-intents serve`."
  );
}

function mask(key: string): string {
  return key.length <= 8 ? "****" : `${key.slice(0, 8)}…`;
}

function describeError(error: unknown): string {
  if (isServiceError(error)) return `${error.name} (code ${error.code}): ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
