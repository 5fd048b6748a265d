/**
 * A state file's lifecycle with the chains beside it: the chains a server starts keep their state
 * and their ports beside the file (loaded unless the file is new), once the anvils of the server
 * that held the file before have written theirs; a start that fails removes what it created, and
 * a server that stops forgets its anvils.
 */
import { ANVIL_INSTALL, type ChainSet, choosePorts, startLocalChains } from "../chains/index.js";
import type { Catalogue } from "../market/index.js";
import {
  chainStatePath,
  discardChains,
  forgetChains,
  recordChains,
  waitForPreviousChains,
} from "./chain-state.js";
import { discardKeptPorts, readKeptPorts, writeKeptPorts } from "./kept-ports.js";
import type { StateFile } from "./state-file.js";

/** The chains a server is asked to run. */
export interface ChainsToStart {
  /** The anvil binary; `undefined` when it is not installed. */
  readonly binary: string | undefined;
  /** The catalogue whose chains run. */
  readonly catalogue: Catalogue;
  /** Chains already running elsewhere, by chain id (not started). */
  readonly rpcUrls: Readonly<Record<number, string>>;
  /** Ports asked for, by chain id. */
  readonly pinned: Readonly<Record<number, number>>;
  /** Browser origins the chains answer (the dev server's); loopback origins when absent. */
  readonly corsOrigins?: readonly string[] | undefined;
}

/**
 * Starts (or connects to) the chains of `wanted.catalogue`; with a state `file`, the chains it
 * starts keep their state and ports beside it.
 */
export async function startKeptChains(
  wanted: ChainsToStart,
  file: StateFile | undefined,
): Promise<ChainSet> {
  const { binary, catalogue, rpcUrls, pinned } = wanted;
  const cors = wanted.corsOrigins === undefined ? {} : { corsOrigins: wanted.corsOrigins };
  const ownIds = catalogue.chains
    .filter((c) => rpcUrls[c.chainId] === undefined)
    .map((c) => c.chainId);
  if (ownIds.length > 0 && binary === undefined)
    throw new Error(
      `real chains need anvil, which is not installed here: ${ANVIL_INSTALL} (or give an RPC URL for chain ${ownIds.join(", ")})`,
    );
  if (file === undefined) {
    const ports = await choosePorts(ownIds, pinned, {});
    return startLocalChains({ binary, catalogue, rpcUrls, ports, ...cors });
  }
  const path = file.path;
  await waitForPreviousChains(path);
  const ports = await choosePorts(ownIds, pinned, file.isNew ? {} : readKeptPorts(path));
  const state = { path: (id: number) => chainStatePath(path, id), load: !file.isNew };
  const set = await startLocalChains({ binary, catalogue, rpcUrls, ports, state, ...cors });
  recordChains(path, set.pids);
  const started = ownIds.flatMap((id) => {
    const url = set.chains[id]?.rpcUrl;
    return url === undefined ? [] : [[id, url] as const];
  });
  writeKeptPorts(path, Object.fromEntries(started));
  return set;
}

/**
 * Closes the state file after a start that failed; when that start created it, the chains' files
 * and kept ports go with it.
 */
export function discardStateFile(file: StateFile | undefined, catalogue: Catalogue): void {
  if (file === undefined) return;
  if (file.isNew) {
    discardChains(
      file.path,
      catalogue.chains.map((c) => c.chainId),
    );
    discardKeptPorts(file.path);
  } else forgetChains(file.path);
  file.discard();
}

/** Closes the state file of a server that stopped, forgetting the chains it ran (now stopped). */
export function closeStateFile(file: StateFile | undefined, hadChains: boolean): void {
  if (file === undefined) return;
  if (hadChains) forgetChains(file.path);
  file.close();
}
