/**
 * `xchain-intents serve`: starts the dev server on a port, prints the banner, and on SIGINT or
 * SIGTERM closes it (open long polls and connections included, the state file flushed, the local
 * chains stopped and their kept state written) and exits with 0. It exits only then, so whoever
 * waits for its exit may move or delete its files.
 */

import { startDevServer } from "../devserver/index.js";
import type { CliIO } from "../internal/command/io.js";
import { packageVersion } from "../internal/command/version.js";
import { bannerText } from "./banner.js";
import { parseServeArgs, SERVE_USAGE } from "./serve-args.js";

/** Runs `serve`; resolves with an exit code for `--help` and `--version`, else once listening. */
export async function runServe(args: readonly string[], io: CliIO): Promise<number | undefined> {
  const o = parseServeArgs(args, io.env);
  if (o.help || o.version) {
    io.stdout.write(o.help ? SERVE_USAGE : `${packageVersion()}\n`);
    return 0;
  }
  const srv = await startDevServer({
    port: o.port,
    host: o.host,
    bigintAs: o.stringBigints ? "string" : "number",
    faults: o.faultRules.length > 0 ? o.faultRules : o.faults,
    durations: { stageMs: o.stageMs },
    ...(o.confirmations === undefined ? {} : { confirmations: o.confirmations }),
    ...(o.seed === undefined ? {} : { seed: o.seed }),
    ...(o.minClientVersion === undefined ? {} : { minClientVersion: o.minClientVersion }),
    ...(o.corsOrigins.length === 0 ? {} : { corsOrigins: o.corsOrigins }),
    chainPorts: o.chainPorts,
    ...(o.freeChainPorts || o.port === 0 ? {} : { chainPortBase: o.port }),
    ...(o.accessKey === undefined ? {} : { accessKeys: [{ key: o.accessKey }] }),
    ...(o.state === undefined ? {} : { stateFile: o.state, repairState: o.repair }),
    chains: o.chains === false ? false : Object.keys(o.rpc).length > 0 ? o.rpc : "auto",
  });
  // Every signal, not only the first, waits for the same close: a second one (Ctrl-C pressed
  // twice, a group signal plus the one tsx passes on) must not end the process while its chains
  // are still writing their state. Taken before the banner: whoever reads the banner may signal
  // at once, and a signal with no listener yet ends the process there and then.
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    void srv.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  if (srv.notice !== undefined) io.stderr.write(`xchain-intents serve: ${srv.notice}\n`);
  const restored = srv.restored;
  if (restored?.setAside !== undefined) {
    const { lines, file } = restored.setAside;
    io.stderr.write(
      `xchain-intents serve: repaired ${o.state}: ${lines.length} damaged line${lines.length === 1 ? "" : "s"} (${lines.join(", ")}) set aside in ${file}\n`,
    );
  }
  io.stdout.write(
    bannerText({
      version: packageVersion(),
      url: srv.url,
      accessKey: srv.accessKey,
      keySource: o.accessKeyFrom ?? (restored?.keysFromState ? "state" : "generated"),
      bigintAs: o.stringBigints ? "string" : "number",
      faults: o.faults || o.faultRules.length > 0,
      faultRules: o.faultRules,
      corsOrigins: o.corsOrigins,
      stageMs: o.stageMs,
      connections: srv.connections,
      state:
        o.state === undefined || restored === undefined
          ? undefined
          : {
              file: o.state,
              restored: restored.intents,
              skipped: restored.skipped,
              resumed: restored.resumed,
            },
      chains: {
        mode: srv.mode,
        endpoints: srv.chains,
        account: srv.testAccounts[0],
        pinned: Object.keys(o.chainPorts).map(Number),
        fixed: !o.freeChainPorts && o.port !== 0,
        rpc: Object.keys(o.rpc).map(Number),
        kept: o.state !== undefined,
      },
    }),
  );
  return undefined;
}
