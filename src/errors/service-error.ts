/**
 * The base of every error the SDK throws. Each error of the schema has its own subclass
 * (generated in `generated/errors.ts`); the wire body `{error, code, msg, status, cause?}` maps to
 * `error`, `code`, `message`, `status` and `cause`.
 */

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
}

const inspectSymbol = Symbol.for("nodejs.util.inspect.custom");

/**
 * Base class of every SDK error.
 *
 * @example
 * try { await client.commitIntent({ intent }) }
 * catch (e) { if (isServiceError(e) && e.code === 7001) requote() }
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
  }

  /** A plain, loggable object: the wire body plus `name` and `isRetryable`. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = {
      name: this.name,
      error: this.error,
      code: this.code,
      msg: this.message,
      status: this.status,
      isRetryable: this.isRetryable,
    };
    if (this.cause !== undefined) out.cause = describeCause(this.cause);
    return out;
  }

  /** Node's `util.inspect` shows the same fields as `toJSON`, plus the stack. */
  [inspectSymbol](): string {
    return `${this.stack ?? `${this.name}: ${this.message}`}\n${JSON.stringify(this.toJSON(), null, 2)}`;
  }
}

function describeCause(cause: unknown): unknown {
  if (cause instanceof Error) return `${cause.name}: ${cause.message}`;
  return typeof cause === "string" ? cause : String(cause);
}

/** Whether `value` is a `ServiceError`, also across realms and SDK copies (checked by shape). */
export function isServiceError(value: unknown): value is ServiceError {
  if (value instanceof ServiceError) return true;
  if (!(value instanceof Error) && (typeof value !== "object" || value === null)) return false;
  const v = value as Partial<ServiceError>;
  return (
    typeof v.name === "string" &&
    v.name.endsWith("Error") &&
    typeof v.code === "number" &&
    typeof v.error === "string" &&
    typeof v.status === "number"
  );
}
