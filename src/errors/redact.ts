/**
 * Keeps the access key out of everything an error or a hook exposes. Errors are built from server
 * text (`msg`, `cause`, body excerpts) and from underlying exceptions: any of them may echo a
 * request header, so every string is scrubbed before it is stored.
 */

/** What replaces a secret in text and headers. */
export const REDACTED = "[redacted]";

/** `text` with every occurrence of `secret` replaced (no-op when there is no secret). */
export function redactText(text: string, secret: string | undefined): string {
  if (!secret || !text.includes(secret)) return text;
  return text.split(secret).join(REDACTED);
}

/** Header names whose values are never shown. */
const SECRET_HEADERS = new Set(["x-access-key", "authorization", "cookie"]);

/** A plain copy of `headers` with secret values redacted, for hooks and logs. */
export function redactHeaders(
  headers: Headers | Record<string, string>,
  secret: string | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? headers.entries() : Object.entries(headers);
  for (const [name, value] of entries) {
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : redactText(value, secret);
  }
  return out;
}

/**
 * A cause safe to keep: the original when nothing in it (message, stack, nested causes, own
 * string fields) holds the secret, else a plain `Error` copy with the secret removed.
 */
export function redactCause(cause: unknown, secret: string | undefined, depth = 0): unknown {
  if (!secret || cause === undefined || cause === null) return cause;
  if (typeof cause === "string") return redactText(cause, secret);
  if (!(cause instanceof Error) || !holdsSecret(cause, secret, depth)) return cause;
  const copy = new Error(redactText(cause.message, secret), {
    cause: depth < 4 ? redactCause(cause.cause, secret, depth + 1) : undefined,
  });
  copy.name = cause.name;
  copy.stack = redactText(cause.stack ?? "", secret);
  const code = (cause as { code?: unknown }).code;
  if (typeof code === "string") Object.assign(copy, { code: redactText(code, secret) });
  return copy;
}

function holdsSecret(value: unknown, secret: string, depth: number): boolean {
  if (depth > 4 || value === undefined || value === null) return false;
  if (typeof value === "string") return value.includes(secret);
  if (typeof value !== "object") return String(value).includes(secret);
  if (value instanceof Error) {
    if (value.message.includes(secret) || (value.stack ?? "").includes(secret)) return true;
    if (holdsSecret(value.cause, secret, depth + 1)) return true;
  }
  for (const field of Object.values(value)) {
    if (holdsSecret(field, secret, depth + 1)) return true;
  }
  return false;
}
