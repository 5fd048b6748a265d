/**
 * The arguments of `xchain-intents serve`, read apart from the command so that tests can import
 * them without starting one. Each option is `--name value` or `--name=value`.
 */

/** Options of `serve`, read from its arguments. */
export interface ServeArgs {
  /** Port to listen on; 0 picks a free one. Default 8787. */
  port: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  host: string;
  /** Write bigints as decimal strings (webrpc's form) instead of JSON numbers. */
  stringBigints: boolean;
}

/** The defaults of `serve`. */
export const SERVE_DEFAULTS: Readonly<ServeArgs> = {
  port: 8787,
  host: "127.0.0.1",
  stringBigints: false,
};

function portOf(text: string): number {
  // Number() would take "", "0x50" and "1e3"; a port is plain decimal digits.
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port <= 65535))
    throw new Error(`--port must be a whole number from 0 to 65535, not ${JSON.stringify(text)}`);
  return port;
}

/**
 * Reads the arguments of `serve`; throws an `Error` whose message names the offending argument.
 *
 * @example
 * parseServeArgs(["--port", "0", "--string-bigints"]); // { port: 0, host: "127.0.0.1", stringBigints: true }
 */
export function parseServeArgs(args: readonly string[]): ServeArgs {
  const out: ServeArgs = { ...SERVE_DEFAULTS };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const value = (): string => {
      if (eq !== -1) return arg.slice(eq + 1);
      const next = args[i + 1];
      if (next === undefined || next.startsWith("--")) throw new Error(`${name} needs a value`);
      i += 1;
      return next;
    };
    if (name === "--port") out.port = portOf(value());
    else if (name === "--host") {
      out.host = value();
      if (out.host === "") throw new Error("--host must not be empty");
    } else if (arg === "--string-bigints") out.stringBigints = true;
    else
      throw new Error(
        `unknown argument ${JSON.stringify(arg)} (serve takes --port N, --host H, --string-bigints)`,
      );
  }
  return out;
}
