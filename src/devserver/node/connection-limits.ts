/**
 * How the listener treats connections: how many it keeps open, derived from the open-file limit
 * so that the process never runs out of descriptors (past that, every accept fails and no request
 * is answered), and how long a connection may take to send a request or sit idle.
 */
import type { ConnectionOptions } from "../config/index.js";

/** The connection settings in force. */
export interface ConnectionLimits {
  /** The open-file limit the cap was derived from; `undefined` when unknown or unlimited. */
  descriptorLimit: number | undefined;
  maxConnections: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

/** Connections allowed when the open-file limit is unknown (Windows has none per process). */
const UNKNOWN_LIMIT_CONNECTIONS = 10_000;

/** The default connection cap for an open-file limit of `limit`. */
export function connectionCap(limit: number | undefined): number {
  if (limit === undefined) return UNKNOWN_LIMIT_CONNECTIONS;
  const reserve = Math.min(1024, Math.max(32, Math.ceil(limit / 10)));
  return Math.max(1, limit - reserve);
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`connections.${name} must be a whole number >= 1, not ${value}`);
  return value;
}

/** The settings for `options` under an open-file limit of `descriptorLimit`. */
export function connectionLimits(
  options: ConnectionOptions,
  descriptorLimit: number | undefined,
): ConnectionLimits {
  const headersTimeoutMs = positive("headersTimeoutMs", options.headersTimeoutMs, 10_000);
  const requestTimeoutMs = positive("requestTimeoutMs", options.requestTimeoutMs, 30_000);
  // Node refuses a headers timeout longer than the request's (headers are part of the request).
  if (headersTimeoutMs > requestTimeoutMs)
    throw new RangeError("connections.headersTimeoutMs must not exceed requestTimeoutMs");
  return {
    descriptorLimit,
    maxConnections: positive(
      "maxConnections",
      options.maxConnections,
      connectionCap(descriptorLimit),
    ),
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: positive("keepAliveTimeoutMs", options.keepAliveTimeoutMs, 5_000),
  };
}
