/**
 * The access key used by every reliability test, and a scan of everything an error or a hook
 * argument can show: its message, cause chain, stack, `toJSON()`, `String()`, `util.inspect`.
 */
import { inspect } from "node:util";

/** A key distinctive enough that any echo of it is found. */
export const SECRET = "ak_reliability_SECRET_5f3c9e21d7b84a60";

/** Every rendering of `value` a program or a logger may produce. */
export function renderings(value: unknown): string[] {
  const out = [inspect(value, { depth: 10 }), inspect(value, { depth: 10, showHidden: true })];
  out.push(safe(() => String(value)));
  out.push(safe(() => JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? `${v}` : v))));
  let link: unknown = value;
  for (let depth = 0; link instanceof Error && depth < 10; depth++) {
    out.push(
      link.message,
      link.stack ?? "",
      safe(() => String(link)),
    );
    const json = (link as { toJSON?: () => unknown }).toJSON?.();
    if (json !== undefined) out.push(safe(() => JSON.stringify(json)));
    link = link.cause;
  }
  if (link !== undefined && !(link instanceof Error)) out.push(safe(() => String(link)));
  return out;
}

function safe(render: () => string | undefined): string {
  try {
    return render() ?? "";
  } catch (e) {
    return `<cannot render: ${e instanceof Error ? e.message : "?"}>`;
  }
}

/** The renderings of `value` that contain the secret (empty when it is clean). */
export function leaks(value: unknown, secret: string = SECRET): string[] {
  return renderings(value).filter((text) => text.includes(secret));
}

/**
 * Collects what reaches the outside: hook arguments and console output. `scan()` answers the
 * number of items looked at and those that leaked.
 */
export class Exposure {
  private readonly items: unknown[] = [];

  /** Records one hook argument, error or log line. */
  record = (item: unknown): void => {
    this.items.push(item);
  };

  /** How many items were recorded. */
  get size(): number {
    return this.items.length;
  }

  /** Every item with a rendering that contains the secret. */
  scan(secret: string = SECRET): { scanned: number; leaked: unknown[] } {
    return {
      scanned: this.items.length,
      leaked: this.items.filter((i) => leaks(i, secret).length > 0),
    };
  }
}

/** Routes `console.*` into `sink` until the returned function is called. */
export function captureConsole(sink: Exposure): () => void {
  const methods = ["log", "info", "warn", "error", "debug"] as const;
  const saved = methods.map((m) => console[m]);
  for (const m of methods) {
    console[m] = (...args: unknown[]) => sink.record(args);
  }
  return () => {
    methods.forEach((m, i) => {
      console[m] = saved[i] as (typeof console)[typeof m];
    });
  };
}
