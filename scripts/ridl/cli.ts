/**
 * `npm run -s ridl -- [--gen] FILE.ridl`: prints the JSON schema of FILE.ridl to stdout (exit 0),
 * or `ERROR: <message>` to stderr (exit 1). `--gen` prints what `webrpc-gen -target=json` prints
 * (the `/rpc/` basepath default applied). Bad usage exits 2.
 */
import { parseRidlFile, RidlError, schemaToJson, withGenDefaults } from "./index.js";

const USAGE = "usage: ridl [--gen] FILE.ridl\n";

function main(argv: readonly string[]): number {
  const gen = argv.includes("--gen");
  const rest = argv.filter((a) => a !== "--gen");
  const file = rest[0];
  if (rest.length !== 1 || file === undefined || file.startsWith("-")) {
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
