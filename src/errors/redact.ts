/**
 * Keeps the access key out of everything an error or a hook exposes. Errors are built from server
 * text (`msg`, `cause`, body excerpts) and from underlying exceptions: any of them may echo a
 * request header, so every string is scrubbed before it is stored.
 *
 * The key is replaced as a whole. A short key (under `LONG_SECRET` characters) is replaced only
 * where it stands alone, not where it is a piece of a longer word: with the key `k`, the field
 * name `destinationTokenAmount` stays as it is. A longer key is replaced wherever it occurs,
 * inside a word too: such a string does not occur by chance, so any occurrence is an echo. Case
 * does not matter: an echo may have been lower- or upper-cased on its way (a URL's host, a proxy).
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

/**
 * Index of every occurrence of `secret` in `text` that counts as the key (see the file comment),
 * in any case: a URL's host is lower-cased, a header echoed by a proxy may be upper-cased.
 */
function occurrences(text: string, secret: string): number[] {
  const found: number[] = [];
  const whole = secret.length >= LONG_SECRET;
  const guardStart = isWordChar(secret[0]);
  const guardEnd = isWordChar(secret[secret.length - 1]);
  const pattern = new RegExp(secret.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"), "gi");
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    const at = m.index;
    const end = at + m[0].length;
    const alone =
      whole ||
      ((!guardStart || !isWordChar(text[at - 1])) && (!guardEnd || !isWordChar(text[end])));
    if (alone) found.push(at, end);
    else pattern.lastIndex = at + 1;
  }
  return found;
}

/**
 * The forms the key is looked for in: as it is, and percent-encoded when that differs (a key
 * holding `+`, `/` or `=` echoed in a URL or a query string).
 */
function forms(secret: string): string[] {
  const encoded = encodeURIComponent(secret);
  return encoded === secret ? [secret] : [secret, encoded];
}

/** Whether `text` holds `secret` as the key (not as a piece of a word), in any case or form. */
export function containsSecret(text: string, secret: string | undefined): boolean {
  return !!secret && forms(secret).some((form) => occurrences(text, form).length > 0);
}

/** `text` with every occurrence of `secret`, in any case or form, replaced (none: unchanged). */
export function redactText(text: string, secret: string | undefined): string {
  if (!secret) return text;
  let out = text;
  for (const form of forms(secret)) {
    const at = occurrences(out, form);
    if (at.length === 0) continue;
    let next = "";
    let from = 0;
    for (let i = 0; i < at.length; i += 2) {
      next += out.slice(from, at[i]) + REDACTED;
      from = at[i + 1] as number;
    }
    out = next + out.slice(from);
  }
  return out;
}

/**
 * An excerpt cut out of a longer text, redacted: besides whole occurrences, a long key cut by
 * either edge of the excerpt (its last characters at the start, its first characters at the end,
 * inside the `…` that marks a cut) is redacted too, so that cutting never reveals part of it.
 */
export function redactExcerpt(excerpt: string, secret: string | undefined): string {
  let out = redactText(excerpt, secret);
  if (!secret || secret.length < LONG_SECRET) return out;
  // Either end may be an ellipsis where the excerpt was cut: the key is looked for inside them.
  const lead = out.startsWith("…") ? "…" : "";
  const ellipsis = out.length > lead.length && out.endsWith("…") ? "…" : "";
  const body = out.slice(lead.length, out.length - ellipsis.length);
  const min = 4;
  // Compared without case, as everywhere here, when lower-casing keeps the text's length.
  const lower = body.toLowerCase();
  const hay = lower.length === body.length ? lower : body;
  const key = hay === lower ? secret.toLowerCase() : secret;
  let head = 0;
  for (let n = Math.min(key.length - 1, hay.length); n >= min; n--) {
    if (hay.startsWith(key.slice(-n))) {
      head = n;
      break;
    }
  }
  let tail = 0;
  for (let n = Math.min(key.length - 1, hay.length - head); n >= min; n--) {
    if (hay.endsWith(key.slice(0, n))) {
      tail = n;
      break;
    }
  }
  if (head === 0 && tail === 0) return out;
  out = `${head ? REDACTED : ""}${body.slice(head, body.length - tail)}${tail ? REDACTED : ""}`;
  return lead + out + ellipsis;
}

/**
 * Names of fields and headers whose values are never shown, compared without case or
 * punctuation: `X-Access-Key`, `x_access_key` and `accessKey` are one name.
 */
const SECRET_NAMES = new Set(["xaccesskey", "accesskey", "authorization", "cookie", "setcookie"]);

function isSecretName(name: string): boolean {
  return SECRET_NAMES.has(name.toLowerCase().replace(/[^a-z]/g, ""));
}

/** A plain copy of `headers` with secret values redacted, for hooks and logs. */
export function redactHeaders(
  headers: Headers | Record<string, string>,
  secret: string | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? headers.entries() : Object.entries(headers);
  for (const [name, value] of entries) {
    out[name] = isSecretName(name) ? REDACTED : redactText(value, secret);
  }
  return out;
}

/** How deep a cause is copied, and how many fields or items of each level. */
const COPY_DEPTH = 6;
const COPY_WIDTH = 32;

/**
 * A copy of `cause` safe to keep and show, whatever was thrown: never the value itself, which may
 * hold the key where no scan can see it (a `Request`'s or `Headers`' private fields, which
 * `util.inspect` prints; a getter; a proxy). Errors become plain `Error`s with the same name,
 * message, stack, `cause` chain and own fields; a `Request` or `Response` its method or status,
 * URL and headers; `Headers`, `Map` and other objects with `entries()` a plain object; any other
 * object its own enumerable fields; a string, the string. Every string is redacted, every secret
 * header's or field's value replaced whatever its case, and the copy is bounded in depth and width.
 * Never throws: a value that throws when read is shown as `[unreadable]`.
 */
export function redactCause(cause: unknown, secret: string | undefined): unknown {
  return copy(cause, secret, 0);
}

function copy(value: unknown, secret: string | undefined, depth: number): unknown {
  try {
    if (typeof value === "string") return redactText(value, secret);
    if (value === null || typeof value !== "object") {
      return typeof value === "function" || typeof value === "symbol" ? `[${typeof value}]` : value;
    }
    if (depth >= COPY_DEPTH) return "[…]";
    const next = (v: unknown) => copy(v, secret, depth + 1);
    if (value instanceof Error) return copyError(value, next, secret);
    if (typeof Request === "function" && value instanceof Request) {
      return { method: value.method, url: next(value.url), headers: next(value.headers) };
    }
    if (typeof Response === "function" && value instanceof Response) {
      return { status: value.status, url: next(value.url), headers: next(value.headers) };
    }
    if (Array.isArray(value)) return value.slice(0, COPY_WIDTH).map(next);
    const entries = (value as { entries?: unknown }).entries;
    const pairs: Iterable<unknown> =
      typeof entries === "function" ? entries.call(value) : Object.entries(value);
    const out: [string, unknown][] = [];
    for (const pair of pairs) {
      if (out.length >= COPY_WIDTH) break;
      const [name, v] = Array.isArray(pair) ? pair : [out.length, pair];
      const key = String(name);
      out.push([redactText(key, secret), isSecretName(key) ? REDACTED : next(v)]);
    }
    // `fromEntries` defines each field, so that a `__proto__` field stays a field.
    return Object.fromEntries(out);
  } catch {
    return "[unreadable]";
  }
}

function copyError(e: Error, next: (v: unknown) => unknown, secret: string | undefined): Error {
  const text = (v: unknown) => redactText(typeof v === "string" ? v : "", secret);
  const out = new Error(text(read(e, "message")));
  out.name = text(read(e, "name")) || "Error";
  out.stack = text(read(e, "stack"));
  for (const name of ["cause", "errors"]) {
    if (name in e) Object.defineProperty(out, name, { value: next(read(e, name)), writable: true });
  }
  for (const name of Object.keys(e).slice(0, COPY_WIDTH)) {
    if (name in out) continue;
    Object.defineProperty(out, redactText(name, secret), {
      value: isSecretName(name) ? REDACTED : next(read(e, name)),
      enumerable: true,
      writable: true,
    });
  }
  return out;
}

/** A field of `value`, or `[unreadable]` when reading it throws (a getter, a proxy). */
function read(value: object, name: string): unknown {
  try {
    return Reflect.get(value, name);
  } catch {
    return "[unreadable]";
  }
}
