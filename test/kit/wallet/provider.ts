/**
 * An injected wallet for tests: an EIP-1193 provider that forwards JSON-RPC to local chains (whose
 * unlocked test accounts sign), can switch between them, and can be told to refuse requests as a
 * user would (4001), or to carry one out and answer 4001 all the same.
 */
import { createWalletClient, custom, type WalletClient } from "viem";

/** An EIP-1193 error. */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Options of the test provider. */
export interface ProviderOptions {
  /** RPC URL of each chain the wallet knows. */
  chains: Record<number, string>;
  /** The chain it starts on. */
  start: number;
  /** The account it exposes. */
  account: `0x${string}`;
  /** Whether `wallet_switchEthereumChain` works. Default true. */
  canSwitch?: boolean;
  /** Methods the user refuses (answered with 4001). */
  refuse?: string[];
  /** Methods carried out, then answered with 4001 all the same (a wallet that lies). */
  refuseAfter?: string[];
}

/** An EIP-1193 `request` function. */
export type Request = (args: { method: string; params?: unknown[] }) => Promise<unknown>;

/** The provider, the methods it was asked, and the chain it is on. */
export function injectedProvider(o: ProviderOptions): {
  provider: { request: Request };
  asked: string[];
  chainId(): number;
} {
  let current = o.start;
  const asked: string[] = [];
  let id = 0;
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }): Promise<unknown> {
      asked.push(method);
      if (o.refuse?.includes(method))
        throw new ProviderRpcError(4001, "User rejected the request.");
      if (method === "eth_accounts" || method === "eth_requestAccounts") return [o.account];
      if (method === "eth_chainId") return `0x${current.toString(16)}`;
      if (method === "wallet_switchEthereumChain") {
        if (o.canSwitch === false) throw new ProviderRpcError(4200, "Unsupported method.");
        const [target] = (params ?? []) as { chainId: string }[];
        const next = Number.parseInt(target?.chainId ?? "", 16);
        if (o.chains[next] === undefined) throw new ProviderRpcError(4902, "Unrecognized chain.");
        current = next;
        return null;
      }
      const res = await fetch(o.chains[current] as string, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params: params ?? [] }),
      });
      const body = (await res.json()) as {
        result?: unknown;
        error?: { code: number; message: string };
      };
      if (body.error) throw new ProviderRpcError(body.error.code, body.error.message);
      if (o.refuseAfter?.includes(method))
        throw new ProviderRpcError(4001, "User rejected the request.");
      return body.result;
    },
  };
  return { provider, asked, chainId: () => current };
}

/** The provider, a viem wallet client over it, and the methods it was asked. */
export function injectedWallet(o: ProviderOptions): {
  wallet: WalletClient;
  asked: string[];
  chainId(): number;
} {
  const { provider, asked, chainId } = injectedProvider(o);
  const wallet = createWalletClient({
    account: o.account,
    transport: custom(provider),
    pollingInterval: 50,
  });
  return { wallet, asked, chainId };
}
