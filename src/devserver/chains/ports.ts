/**
 * The chains' ports: pinned by the caller (`chainPorts`, `serve --chain-port ID=PORT`), or the
 * one a chain had last time (kept with a state file) when still free, so that an app's `.env` or a
 * wallet's custom network keeps working across restarts. A kept port another program took since
 * is given up for a free one.
 */
import { createServer } from "node:net";

/** Whether nothing listens on `port` of the loopback interface. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host: "127.0.0.1", exclusive: true }, () =>
      probe.close(() => resolve(true)),
    );
  });
}

/**
 * The fixed port of each chain: chain k of `chainIds` in ascending order gets `base + 1 + k`, so
 * a chain's port does not depend on which others are started here (an `--rpc` chain keeps its
 * place, unused). Ports past 65535 are left out (free ones).
 */
export function fixedChainPorts(chainIds: readonly number[], base: number): Record<number, number> {
  const ports: Record<number, number> = {};
  [...chainIds]
    .sort((a, b) => a - b)
    .forEach((id, k) => {
      if (base + 1 + k <= 65_535) ports[id] = base + 1 + k;
    });
  return ports;
}

/**
 * The port of each chain in `chainIds`: the pinned one (refused, with the fix, when in use), else
 * the kept one when free, else 0 (a free one).
 */
export async function choosePorts(
  chainIds: readonly number[],
  pinned: Readonly<Record<number, number>>,
  kept: Readonly<Record<number, number>>,
): Promise<Record<number, number>> {
  const ports: Record<number, number> = {};
  for (const id of chainIds) {
    const pin = pinned[id];
    if (pin !== undefined) {
      if (!(await portIsFree(pin)))
        throw new Error(
          `port ${pin} pinned for chain ${id} is in use: stop what listens there, or pin another port (--chain-port ${id}=PORT, chainPorts), or let the chains take free ports (--free-chain-ports, no chainPortBase)`,
        );
      ports[id] = pin;
    } else {
      const was = kept[id];
      ports[id] = was !== undefined && (await portIsFree(was)) ? was : 0;
    }
  }
  return ports;
}
