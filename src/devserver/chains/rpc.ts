/**
 * JSON-RPC 2.0 over `fetch`: how the dev server speaks to a chain (its own anvil or a URL the user
 * gave). No client library: the calls it makes are few and their shapes small.
 */

/** A chain's JSON-RPC endpoint failed: a transport error, an HTTP error or an error object. */
export class ChainRpcError extends Error {
  override readonly name = "ChainRpcError";
  /** The JSON-RPC error code, when the node answered with one. */
  readonly code: number | undefined;
  /** The error's `data` (revert data of a failed call), when the node gave one. */
  readonly data: unknown;

  constructor(message: string, options: { code?: number; data?: unknown; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.data = options.data;
  }
}

/** A JSON-RPC endpoint. */
export interface Rpc {
  /** Its URL. */
  readonly url: string;
  /** Calls `method` with `params`; resolves with the result or rejects with `ChainRpcError`. */
  call<T = unknown>(method: string, params?: readonly unknown[]): Promise<T>;
  /**
   * Sends several calls in one JSON-RPC batch (one HTTP request); resolves with their results in
   * order, or rejects with the first error.
   */
  batch<T = unknown>(calls: readonly RpcCall[]): Promise<T[]>;
}

/** One call of a batch. */
export interface RpcCall {
  method: string;
  params: readonly unknown[];
}

interface RpcAnswer {
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
}

/** Longest wait for one answer: a local node answers in milliseconds, a fork in seconds. */
const TIMEOUT_MS = 30_000;

/**
 * An endpoint at `url`.
 *
 * @example
 * const rpc = jsonRpc("http://127.0.0.1:8545");
 * const block = await rpc.call<string>("eth_blockNumber");
 */
export function jsonRpc(url: string, fetchImpl: typeof fetch = fetch): Rpc {
  let nextId = 0;
  async function post(body: unknown, what: string): Promise<unknown> {
    try {
      const res = await fetchImpl(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await res.text();
      if (!res.ok)
        throw new ChainRpcError(`${what}: HTTP ${res.status} from ${url}: ${text.slice(0, 200)}`);
      return JSON.parse(text);
    } catch (e) {
      if (e instanceof ChainRpcError) throw e;
      throw new ChainRpcError(`${what}: ${url} did not answer: ${(e as Error).message}`, {
        cause: e,
      });
    }
  }
  function resultOf(answer: RpcAnswer | undefined, method: string): unknown {
    if (answer === undefined || typeof answer !== "object" || answer === null)
      throw new ChainRpcError(`${method}: no answer from ${url}`);
    if (answer.error !== undefined && answer.error !== null) {
      const { code, message, data } = answer.error;
      throw new ChainRpcError(`${method}: ${String(message ?? "error")}`, {
        ...(typeof code === "number" ? { code } : {}),
        data,
      });
    }
    return answer.result;
  }
  return {
    url,
    async call<T>(method: string, params: readonly unknown[] = []): Promise<T> {
      const id = ++nextId;
      const answer = (await post({ jsonrpc: "2.0", id, method, params }, method)) as RpcAnswer;
      return resultOf(answer, method) as T;
    },
    async batch<T>(calls: readonly RpcCall[]): Promise<T[]> {
      if (calls.length === 0) return [];
      const first = nextId + 1;
      const body = calls.map((c) => ({ jsonrpc: "2.0", id: ++nextId, ...c }));
      const answers = await post(body, `batch of ${calls.length}`);
      if (!Array.isArray(answers)) throw new ChainRpcError(`batch: ${url} did not answer a list`);
      const byId = new Map<number, RpcAnswer>();
      for (const a of answers as (RpcAnswer & { id?: unknown })[])
        if (typeof a?.id === "number") byId.set(a.id, a);
      return calls.map((c, i) => resultOf(byId.get(first + i), c.method) as T);
    },
  };
}
