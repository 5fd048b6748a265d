/**
 * Command-line arguments as `node:util` `parseArgs` reads them, one item per argument in order,
 * for the commands and scripts to turn into their options and their own messages. `parseArgs` is
 * run with `tokens: true` and not strict, so that a mistake is answered in the command's words
 * (its own errors, `ERR_PARSE_ARGS_UNKNOWN_OPTION` and the rest, name no command): each command
 * says what an unknown argument, a missing value or a value given to a flag is.
 */
import { type ParseArgsConfig, parseArgs } from "node:util";
import { UsageError } from "./usage-error.js";

/** The options a command knows: `parseArgs`' option table (`type`, `short`). */
export type ArgOptions = NonNullable<ParseArgsConfig["options"]>;

/** One argument as read. */
export type ArgItem =
  | {
      /** An option the command knows. */
      readonly kind: "option";
      /** Its key in the option table (`port` for `--port`, `help` for `-h`). */
      readonly key: string;
      /** As written (`--port`, `-h`). */
      readonly name: string;
      /** The argument as given (`--port=80`). */
      readonly arg: string;
      /**
       * Its value: after `=` (`--port=80`, then `inline`), else the next argument for an option
       * that takes one (whatever it looks like); `undefined` when there is none, or for a flag.
       */
      readonly value: string | undefined;
      /** Whether the value came after `=` (a flag given one has `value` too). */
      readonly inline: boolean;
    }
  | {
      /** An argument the command does not know: an unknown option, `--`, a group of short flags (`-hV`). */
      readonly kind: "unknown";
      /** The argument as given. */
      readonly arg: string;
      /** Its name: an option's part before `=` (`--nope` of `--nope=1`), else the argument. */
      readonly name: string;
    }
  | {
      /** An argument that is not an option (`FILE.ridl`, `-`), or any after `--`. */
      readonly kind: "positional";
      readonly arg: string;
    };

/** The name of an argument: a long option's part before `=`, else all of it. */
function nameOf(arg: string): string {
  const eq = arg.indexOf("=");
  return arg.startsWith("--") && eq !== -1 ? arg.slice(0, eq) : arg;
}

/**
 * Reads `args` against `options`, one item per argument (a value taken from the next argument
 * belongs to its option's item).
 *
 * @example
 * readArgs(["--port", "0", "-h"], { port: { type: "string" }, help: { type: "boolean", short: "h" } });
 * // [{ kind: "option", key: "port", name: "--port", value: "0", inline: false },
 * //  { kind: "option", key: "help", name: "-h", value: undefined, inline: false }]
 */
export function readArgs(args: readonly string[], options: ArgOptions): ArgItem[] {
  const { tokens } = parseArgs({
    args: [...args],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const items: ArgItem[] = [];
  let last = -1;
  for (const token of tokens) {
    // A group of short options (`-hV`, `-h=1`) gives several tokens for one argument: it is one
    // argument the command does not know, said once.
    if (token.index === last) continue;
    last = token.index;
    const arg = args[token.index] as string;
    if (token.kind === "positional") items.push({ kind: "positional", arg });
    else if (token.kind === "option-terminator") items.push(unknown(arg));
    else if (!Object.hasOwn(options, token.name) || !wholeArgument(arg, token.rawName))
      items.push(unknown(arg));
    else
      items.push({
        kind: "option",
        key: token.name,
        name: token.rawName,
        arg,
        value: token.value,
        inline: token.inlineValue === true,
      });
  }
  return items;
}

/**
 * The error for an argument a command does not take: `unknown option "--nope"` for what looks
 * like an option, `unknown argument "x"` for the rest.
 */
export function unexpectedArg(item: Exclude<ArgItem, { kind: "option" }>): UsageError {
  const name = item.kind === "unknown" ? item.name : item.arg;
  const what = name.startsWith("-") ? "option" : "argument";
  return new UsageError(`unknown ${what} ${JSON.stringify(name)}`);
}

function unknown(arg: string): ArgItem {
  return { kind: "unknown", arg, name: nameOf(arg) };
}

/** Whether the option `rawName` is the whole argument `arg` (`--port=80` is; `-hV` is not). */
function wholeArgument(arg: string, rawName: string): boolean {
  return rawName.startsWith("--") ? nameOf(arg) === rawName : arg === rawName;
}

/**
 * The arguments of a script whose only option is `--check`: whether it was given, or the first
 * argument it does not take (`--check=1` included).
 */
export function readCheckArg(args: readonly string[]): { check: boolean } | { unexpected: string } {
  const items = readArgs(args, { check: { type: "boolean" } });
  const wrong = items.find((i) => i.kind !== "option" || i.inline);
  return wrong === undefined ? { check: items.length > 0 } : { unexpected: wrong.arg };
}
