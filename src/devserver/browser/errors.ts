/** The errors of the dev server's browser-safe helpers. */

/**
 * `devChains` could not read the chains: the server refused (status kept), runs without chains,
 * or is not a dev server. The message says which; it never holds the access key.
 */
export class DevChainsError extends Error {
  /** The HTTP status of the answer (200 when the answer was read but not usable). */
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "DevChainsError";
    this.status = status;
  }
}

/**
 * An EIP-1193 error of `devWalletProvider`: `code` 4001 (refused), 4100 (an account it does not
 * hold), 4200 (a method it does not offer), 4902 (a chain it does not know), -32602 (bad
 * parameters), or the node's own JSON-RPC code.
 */
export class DevWalletError extends Error {
  /** The EIP-1193 or JSON-RPC error code. */
  readonly code: number;
  /** The node's `data`, when it sent one (a revert's reason). */
  readonly data: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = "DevWalletError";
    this.code = code;
    this.data = data;
  }
}
