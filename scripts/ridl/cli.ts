/**
 * `npm run -s ridl -- [--gen] FILE.ridl`: prints the JSON schema of FILE.ridl to stdout (exit 0),
 * or `ERROR: <message>` to stderr (exit 1). `--gen` prints what `webrpc-gen -target=json` prints
 * (the `/rpc/` basepath default applied). Bad usage (read by `node:util` `parseArgs`) exits 2.
 */
import { readArgs } from "../../src/internal/command/args.js";
import { parseRidlFile, RidlError, schemaToJson, withGenDefaults } from "./index.js";

const USAGE = "usage: ridl [--gen] FILE.ridl\n";

function main(argv: readonly string[]): number {
  const items = readArgs(argv, { gen: { type: "boolean" } });
  const gen = items.some((i) => i.kind === "option");
  const files = items.flatMap((i) => (i.kind === "positional" ? [i.arg] : []));
  const wrong = items.some((i) => i.kind === "unknown" || (i.kind === "option" && i.inline));
  const file = files[0];
  if (wrong || files.length !== 1 || file === undefined || file.startsWith("-")) {
    process.stderr.write(USAGE);
    return 2;
  }
  try {
    const schema = parseRidlFile(file);
    process.stdout.write(schemaToJson(gen ? withGenDefaults(schema) : schema));
    return 0;
  } catch (err) {
    if (!(err instanceof RidlError)) throw err;
    process.stderr.write(`ERROR: ${err.message}\n`);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
