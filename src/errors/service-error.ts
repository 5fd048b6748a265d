/**
 * The base of every error the SDK throws. Each error of the schema has its own subclass
 * (generated in `generated/errors.ts`); the wire body `{error, code, msg, status, cause?}` maps to
 * `error`, `code`, `message`, `status` and `cause`.
 */
import { hasErrorFields } from "./error-shape.js";

/** What the generated table knows of one error. */
export interface ErrorDefinition {
  /** Class name, e.g. `RateLimitedError`. */
  readonly name: string;
  /** Wire name, e.g. `RateLimited`. */
  readonly error: string;
  /** Wire code, e.g. `1007`. */
  readonly code: number;
  /** The HTTP status the schema gives it. */
  readonly status: number;
  /** The schema's message. */
  readonly message: string;
}

/** Per-instance details: what the server said, and what the client knows. */
export interface ServiceErrorOptions {
  /** Message to show instead of the schema's (the server's `msg`). */
  message?: string;
  /** The HTTP status actually received (defaults to the schema's). */
  status?: number;
  /** The server's `cause` text, or the underlying error (a network failure, a timeout). */
  cause?: unknown;
  /** Whether repeating the request may succeed (decided by the client's retry policy). */
  retryable?: boolean;
  /** The operation that failed, e.g. `QuoteIntent`. */
  operation?: string;
  /** How long the server asked the caller to wait before repeating, in milliseconds. */
  retryAfterMs?: number;
  /** A short, safe excerpt of a response body that could not be read. */
  excerpt?: string;
}

const inspectSymbol = Symbol.for("nodejs.util.inspect.custom");

/** What an error holds only when it is known, in the order `toJSON` writes it. */
const DETAILS = ["operation", "retryAfterMs", "excerpt"] as const;

/**
 * Base class of every SDK error. An error code the schema does not know is kept on an instance of
 * this class itself (`name` is then `ServiceError`, `error` the wire name the server sent).
 *
 * @example
 * try { await client.commitIntent({ intent }) }
 * catch (e) { if (isServiceError(e, "QuoteExpired")) requote() }
 */
export class ServiceError extends Error {
  /** Wire name of the error (`RateLimited`), or of the unknown error the server sent. */
  readonly error: string;
  /** Wire code. */
  readonly code: number;
  /** HTTP status (as received, else as the schema gives it; 0 when no response arrived). */
  readonly status: number;
  /** Whether repeating the request may succeed. */
  isRetryable: boolean;
  /** The operation that failed, when known. */
  operation?: string;
  /** How long the server asked the caller to wait before repeating, in milliseconds. */
  retryAfterMs?: number;
  /** A short, safe excerpt of an unreadable response body. */
  excerpt?: string;

  constructor(definition: ErrorDefinition, options: ServiceErrorOptions = {}) {
    super(
      options.message || definition.message,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = definition.name;
    this.error = definition.error;
    this.code = definition.code;
    this.status = options.status ?? definition.status;
    this.isRetryable = options.retryable ?? false;
    for (const k of DETAILS) if (options[k] !== undefined) Reflect.set(this, k, options[k]);
  }

  /** A plain, loggable object: the wire body plus `name`, `isRetryable` and client details. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = {
      name: this.name,
      error: this.error,
      code: this.code,
      msg: this.message,
      status: this.status,
      isRetryable: this.isRetryable,
    };
    for (const k of DETAILS) if (this[k] !== undefined) out[k] = this[k];
    if (this.cause !== undefined) out.cause = describeCause(this.cause);
    // The fields of a class made with `defineError(…, { fields })`: one `toJSON` for every error,
    // an amount (bigint) written as its decimal string.
    const fields = (this.constructor as { fields?: readonly string[] }).fields ?? [];
    for (const f of fields) {
      const v = Reflect.get(this, f);
      out[f] = typeof v === "bigint" ? `${v}` : v;
    }
    return out;
  }

  /** `String(error)`: name, wire code and message. */
  override toString(): string {
    return `${this.name} [${this.error} ${this.code}]: ${this.message}`;
  }

  /** Node's `util.inspect` shows the same fields as `toJSON`, plus the stack. */
  [inspectSymbol](): string {
    return `${this.stack ?? this.toString()}\n${JSON.stringify(this.toJSON(), null, 2)}`;
  }
}

function describeCause(cause: unknown): unknown {
  if (cause instanceof Error) return `${cause.name}: ${cause.message}`;
  return typeof cause === "string" ? cause : String(cause);
}

/**
 * Whether `value` is a `ServiceError`, also across realms and SDK copies (checked by shape). The
 * public guard, which also narrows by wire name, is `isServiceError` (`is-service-error.ts`).
 */
export function hasServiceErrorShape(value: unknown): value is ServiceError {
  // An `Error` of any realm is an object: one test covers both.
  const name = (value as { name?: unknown } | null)?.name;
  return (
    value instanceof ServiceError ||
    (typeof value === "object" &&
      typeof name === "string" &&
      name.endsWith("Error") &&
      hasErrorFields(value))
  );
}
