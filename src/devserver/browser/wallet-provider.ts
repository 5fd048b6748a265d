/**
 * `devWalletProvider`: an EIP-1193 provider for one of the dev server's funded test accounts, so
 * that wagmi's `injected` connector (or viem's `custom` transport) works in tests and local
 * development with no wallet extension. Browser-safe (fetch only). It signs nothing itself: the
 * local chains' node holds the test accounts' keys unlocked (anvil's test mnemonic), so
 * transactions and signatures are forwarded to the current chain's node, for that account only.
 * Never for real funds: it works only against the dev server's chains (or an anvil).
 */
import type { LocalChainDefinition } from "./chain-definition.js";
import { DevWalletError } from "./errors.js";

/**
 * A listener of any EIP-1193 event; what this provider emits is `chainChanged` (the new chain id,
 * hex). Typed loosely so that viem's and wagmi's per-event listeners fit.
 */
type Listener = (...args: never[]) => void;

/** A minimal EIP-1193 provider. */
export interface DevWalletProvider {
  /** An EIP-1193 request; the answer is typed by the caller (viem and wagmi type it per method). */
  request<T = unknown>(args: { method: string; params?: unknown }): Promise<T>;
  /** Adds a listener of an event (`chainChanged` after a switch of chain). */
  on(event: string, listener: Listener): void;
  /** Removes a listener. */
  removeListener(event: string, listener: Listener): void;
  /** The chain the provider is on now. */
  readonly chainId: number;
}

/** Options of `devWalletProvider`. */
export interface DevWalletOptions {
  /** The dev server's chains (`devChains`, or `srv.chains[id].chain` for each). */
  chains: readonly LocalChainDefinition[];
  /** The test account to act as. Default: the first one (`0xf39F…2266`). */
  account?: `0x${string}`;
  /** The chain to start on. Default: the first of `chains`. */
  chainId?: number;
  /** The `fetch` for the nodes (default: the global one). */
  fetch?: typeof fetch;
}

/** The first funded test account of the dev server (anvil's test mnemonic, account 0). */
const FIRST_ACCOUNT = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

/** Methods that act for an account, and where their address is among the parameters. */
const SIGNING: Readonly<Record<string, (params: unknown[]) => unknown>> = {
  eth_sendTransaction: (p) => (p[0] as { from?: unknown } | undefined)?.from,
  eth_sign: (p) => p[0],
  personal_sign: (p) => p[1],
  eth_signTypedData_v4: (p) => p[0],
};

const hex = (n: number) => `0x${n.toString(16)}`;

/**
 * A provider acting as a dev server's test account on its chains.
 *
 * @example
 * const chains = await devChains(url, accessKey);
 * const wallet = injected({ target: () => ({ id: "dev", name: "Dev wallet", provider: devWalletProvider({ chains }) }) });
 */
export function devWalletProvider(options: DevWalletOptions): DevWalletProvider {
  const { chains } = options;
  const first = chains[0];
  if (first === undefined) throw new TypeError("devWalletProvider needs at least one chain");
  const account = options.account ?? FIRST_ACCOUNT;
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, ...args: unknown[]) => {
    for (const l of listeners.get(event) ?? []) {
      try {
        (l as (...a: unknown[]) => void)(...args);
      } catch {}
    }
  };
  const chainOf = (id: number) => chains.find((c) => c.id === id);
  let current = chainOf(options.chainId ?? first.id) ?? first;
  let nextId = 1;

  async function forward(method: string, params: unknown[]): Promise<unknown> {
    const url = current.rpcUrls.default.http[0];
    const res = await (options.fetch ?? fetch)(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
    });
    const answer = (await res.json()) as { result?: unknown; error?: Record<string, unknown> };
    if (answer.error !== undefined) {
      const { code, message, data } = answer.error;
      throw new DevWalletError(
        typeof code === "number" ? code : -32603,
        String(message ?? "the node refused"),
        data,
      );
    }
    return answer.result;
  }

  function switchTo(params: unknown[]): null {
    const wanted = Number((params[0] as { chainId?: unknown } | undefined)?.chainId);
    const chain = chainOf(wanted);
    if (chain === undefined) throw new DevWalletError(4902, `chain ${wanted} is not a dev chain`);
    if (chain !== current) {
      current = chain;
      emit("chainChanged", hex(chain.id));
    }
    return null;
  }

  return {
    get chainId() {
      return current.id;
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    async request<T>({ method, params }: { method: string; params?: unknown }): Promise<T> {
      return (await answer(method, params)) as T;
    },
  };

  /** The answer to one request: its own for the account and chain, else the node's. */
  async function answer(method: string, params: unknown): Promise<unknown> {
    if (typeof method !== "string") throw new DevWalletError(-32602, "method must be a string");
    if (params !== undefined && !Array.isArray(params))
      throw new DevWalletError(-32602, `${String(method)}: params must be an array`);
    const p = (params ?? []) as unknown[];
    switch (method) {
      case "eth_accounts":
      case "eth_requestAccounts":
        return [account];
      case "eth_chainId":
        return hex(current.id);
      case "net_version":
        return String(current.id);
      case "wallet_switchEthereumChain":
        return switchTo(p);
      case "wallet_addEthereumChain":
        return switchTo(p);
      case "wallet_requestPermissions":
      case "wallet_getPermissions":
        return [{ parentCapability: "eth_accounts" }];
    }
    const actor = SIGNING[method]?.(p);
    if (actor !== undefined && String(actor).toLowerCase() !== account.toLowerCase())
      throw new DevWalletError(
        4100,
        `${method} for ${String(actor)}: this wallet holds ${account}`,
      );
    if (method.startsWith("wallet_"))
      throw new DevWalletError(4200, `${method} is not offered by the dev wallet`);
    return forward(method, p);
  }
}
