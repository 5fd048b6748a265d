/**
 * Turns what a server answered into a typed error: a webrpc error body becomes its schema class
 * (or the base class for a code the schema does not know); anything else becomes
 * `WebrpcBadResponseError` with the status and a short excerpt.
 */
import { errorClassByCode } from "../../generated/error-table.js";
import { ClientOutdatedError, WebrpcBadResponseError } from "../../generated/errors.js";
import { SCHEMA_NAME, SCHEMA_VERSION } from "../../generated/operations.js";
import { safeExcerpt } from "../errors/excerpt.js";
import { routeHint, wireHint } from "../errors/hints.js";
import { redactCause, redactExcerpt, redactText } from "../errors/redact.js";
import { ServiceError, type ServiceErrorOptions } from "../errors/service-error.js";
import { SDK_NAME, SDK_VERSION } from "./version.js";

/** What the client knows about the exchange that produced an error body. */
export interface WireContext {
  /** Operation name, e.g. `QuoteIntent`. */
  operation: string;
  /** The access key, to scrub from every text kept. */
  secret?: string | undefined;
  /** Delay the server asked for (`Retry-After`), in milliseconds. */
  retryAfterMs?: number | undefined;
  /** The URL the request was sent to, for messages that say what to fix. */
  url?: string | undefined;
}

/** The shape of a webrpc error body. */
interface WireErrorBody {
  error?: unknown;
  code: number;
  msg?: unknown;
  status?: unknown;
  cause?: unknown;
}

function isWireErrorBody(body: unknown): body is WireErrorBody {
  return (
    typeof body === "object" &&
    body !== null &&
    !Array.isArray(body) &&
    typeof (body as { code?: unknown }).code === "number"
  );
}

/**
 * The error for a non-2xx answer. `body` is the parsed JSON (an object) or the raw text (a
 * string) when it was not JSON.
 */
export function errorFromWire(status: number, body: unknown, ctx: WireContext): ServiceError {
  if (!isWireErrorBody(body)) return badResponse(status, describeBody(body), ctx, body);
  const base = common(ctx, status);
  if (typeof body.msg === "string" && body.msg) base.message = redactText(body.msg, ctx.secret);
  if (typeof body.cause === "string" && body.cause)
    base.cause = redactCause(body.cause, ctx.secret);
  const Known = errorClassByCode.get(body.code);
  const hinted = Known && wireHint(body.code, status, base.message ?? new Known().message, ctx);
  if (hinted) base.message = hinted;
  if (Known === ClientOutdatedError) {
    base.message = outdatedMessage(base.message ?? ClientOutdatedError.definition.message);
  }
  if (Known) return new Known(base);
  const wireName = typeof body.error === "string" && body.error ? body.error : "Unknown";
  return new ServiceError(
    {
      name: "ServiceError",
      error: redactText(wireName, ctx.secret),
      code: body.code,
      status,
      message: `unknown error ${body.code}`,
    },
    base,
  );
}

/** `WebrpcBadResponseError` for a body that could not be read as expected. */
export function badResponse(
  status: number,
  reason: string,
  ctx: WireContext,
  raw?: unknown,
  cause?: unknown,
): ServiceError {
  const options = common(ctx, status);
  options.message = `bad response from ${ctx.operation}: HTTP ${status}, ${redactText(reason, ctx.secret)}`;
  // A router's or proxy's "no such page": the URL tried is the thing to fix.
  if (status === 404 || status === 405) options.message = routeHint(options.message, status, ctx);
  if (typeof raw === "string" && raw) {
    // Redacted before and after cutting: a key cut by the excerpt's edge is hidden too.
    options.excerpt = redactExcerpt(safeExcerpt(redactText(raw, ctx.secret)), ctx.secret);
  }
  if (cause !== undefined) options.cause = redactCause(cause, ctx.secret);
  return new WebrpcBadResponseError(options);
}

function describeBody(body: unknown): string {
  if (typeof body !== "string") return "the body is not a webrpc error";
  if (body.trim() === "") return "empty body";
  if (/^\s*</.test(body)) return "an HTML page, not a webrpc error";
  return "the body is not a webrpc error";
}

function common(ctx: WireContext, status: number): ServiceErrorOptions {
  const options: ServiceErrorOptions = { status, operation: ctx.operation };
  if (ctx.retryAfterMs !== undefined) options.retryAfterMs = ctx.retryAfterMs;
  return options;
}

/**
 * A `ClientOutdated` message: the server's, then the versions this client speaks and which
 * package to install — the version the server names (`xchain-intents@1.4.0`), else the latest.
 */
export function outdatedMessage(serverMessage: string): string {
  const named = new RegExp(`${SDK_NAME}@(\\d+\\.\\d+\\.\\d+[0-9A-Za-z.+-]*)`).exec(serverMessage);
  const install = named ? `${SDK_NAME}@${named[1]} or later` : `the latest ${SDK_NAME}`;
  return `${serverMessage} (${versionsLine()}; install ${install})`;
}

/** Which SDK and schema versions this client speaks, for `ClientOutdated` messages. */
export function versionsLine(): string {
  return `SDK ${SDK_NAME} ${SDK_VERSION}, schema ${SCHEMA_NAME} ${SCHEMA_VERSION}`;
}
