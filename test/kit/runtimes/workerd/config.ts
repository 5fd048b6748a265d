/** The workerd configuration of the smoke worker (Cap'n Proto text), written per run. */

/** Where the worker listens and what it talks to. */
export interface WorkerdSetup {
  /** Port of the worker's HTTP socket on 127.0.0.1. */
  port: number;
  /** Base URL of the dev server. */
  baseUrl: string;
  /** Access key of the dev server. */
  accessKey: string;
  /** The shared files the client entry imports beside itself (`chunk-….js`), in the folder. */
  chunks: readonly string[];
}

/**
 * The config: the worker with its four modules and the client entry's shared files (embedded
 * from the config's folder), its bindings, and an outbound network limited to what the dev
 * server needs.
 */
export function workerdConfig(s: WorkerdSetup): string {
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .smoke),
    (name = "loopback", network = (allow = ["local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${s.port}", http = (), service = "main")],
);

const smoke :Workerd.Worker = (
  modules = [
    (name = "worker.mjs", esModule = embed "worker.mjs"),
    (name = "lifecycle.mjs", esModule = embed "lifecycle.mjs"),
    (name = "xchain-intents", esModule = embed "xchain-intents.js"),
    (name = "openapi-fetch", esModule = embed "openapi-fetch.js"),${s.chunks
      .map((c) => `\n    (name = "${c}", esModule = embed "${c}"),`)
      .join("")}
  ],
  bindings = [
    (name = "BASE_URL", text = ${JSON.stringify(s.baseUrl)}),
    (name = "ACCESS_KEY", text = ${JSON.stringify(s.accessKey)}),
  ],
  compatibilityDate = "2025-01-01",
  globalOutbound = "loopback",
);
`;
}
