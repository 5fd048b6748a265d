/**
 * Keeps the access key out of everything an error or a hook exposes. Errors are built from server
 * text (`msg`, `cause`, body excerpts) and from underlying exceptions: any of them may echo a
 * request header, so every string is scrubbed before it is stored.
 *
 * The key is replaced as a whole. A short key (under `LONG_SECRET` characters) is replaced only
 * where it stands alone, not where it is a piece of a longer word: with the key `k`, the field
 * name `destinationTokenAmount` stays as it is. A longer key is replaced wherever it occurs,
 * inside a word too: such a string does not occur by chance, so any occurrence is an echo.
 */

/** What replaces a secret in text and headers. */
export const REDACTED = "[redacted]";

/** From this length on, a key is replaced even where it touches letters or digits. */
export const LONG_SECRET = 12;

/** The characters that continue a word: a short key touching one of them is part of a word. */
const WORD = /[\p{L}\p{N}_]/u;

function isWordChar(c: string | undefined): boolean {
  return c !== undefined && WORD.test(c);
}

/** Index of every occurrence of `secret` in `text` that counts as the key (see the file comment). */
function occurrences(text: string, secret: string): number[] {
  const found: number[] = [];
  const whole = secret.length >= LONG_SECRET;
  const guardStart = isWordChar(secret[0]);
  const guardEnd = isWordChar(secret[secret.length - 1]);
  for (let at = text.indexOf(secret); at >= 0; ) {
    const end = at + secret.length;
    const alone =
      whole ||
      ((!guardStart || !isWordChar(text[at - 1])) && (!guardEnd || !isWordChar(text[end])));
    if (alone) found.push(at);
    at = text.indexOf(secret, alone ? end : at + 1);
  }
  return found;
}

/** Whether `text` holds `secret` as the key (not as a piece of a word). */
export function containsSecret(text: string, secret: string | undefined): boolean {
  if (!secret || !text.includes(secret)) return false;
  return occurrences(text, secret).length > 0;
}

/** `text` with every occurrence of `secret` replaced (no-op when there is no secret). */
export function redactText(text: string, secret: string | undefined): string {
  if (!secret || !text.includes(secret)) return text;
  const at = occurrences(text, secret);
  if (at.length === 0) return text;
  let out = "";
  let from = 0;
  for (const i of at) {
    out += text.slice(from, i) + REDACTED;
    from = i + secret.length;
  }
  return out + text.slice(from);
}

/**
 * An excerpt cut out of a longer text, redacted: besides whole occurrences, a long key cut by
 * either edge of the excerpt (its last characters at the start, its first characters at the end)
 * is redacted too, so that cutting never reveals part of it.
 */
export function redactExcerpt(excerpt: string, secret: string | undefined): string {
  let out = redactText(excerpt, secret);
  if (!secret || secret.length < LONG_SECRET) return out;
  const body = out.endsWith("…") ? out.slice(0, -1) : out;
  const ellipsis = body.length < out.length ? "…" : "";
  const min = 4;
  let head = 0;
  for (let n = Math.min(secret.length - 1, body.length); n >= min; n--) {
    if (body.startsWith(secret.slice(-n))) {
      head = n;
      break;
    }
  }
  let tail = 0;
  for (let n = Math.min(secret.length - 1, body.length - head); n >= min; n--) {
    if (body.endsWith(secret.slice(0, n))) {
      tail = n;
      break;
    }
  }
  if (head === 0 && tail === 0) return out;
  out = `${head ? REDACTED : ""}${body.slice(head, body.length - tail)}${tail ? REDACTED : ""}`;
  return out + ellipsis;
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
  if (typeof value === "string") return containsSecret(value, secret);
  if (typeof value !== "object") return containsSecret(String(value), secret);
  if (value instanceof Error) {
    if (containsSecret(value.message, secret) || containsSecret(value.stack ?? "", secret)) {
      return true;
    }
    if (holdsSecret(value.cause, secret, depth + 1)) return true;
  }
  for (const field of Object.values(value)) {
    if (holdsSecret(field, secret, depth + 1)) return true;
  }
  return false;
}
